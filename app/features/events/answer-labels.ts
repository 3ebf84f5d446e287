/** The three answers as people read them. Its own module so that the one-tap answer buttons load nothing else of present.ts. */
export const ANSWER_LABELS: Record<string, string> = { going: "Going", maybe: "Maybe", no: "Can't make it" };
