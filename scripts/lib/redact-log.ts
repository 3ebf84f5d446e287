/**
 * The access log of `npm start` (remix-serve logs every request's URL) without the
 * secrets some URLs carry: the token of a verification, password-reset or unsubscribe
 * link, an invitation's and a calendar feed's. Anyone who can read the log could
 * otherwise verify, reset, join a band or read someone's calendar.
 */
const SECRETS: [RegExp, string][] = [
  [/([?&]token=)[^&\s]+/g, "$1[redacted]"],
  // The invitation page (/invitations/{token}), as a request's path or in a mailed link's
  // address (http://host/invitations/{token}), not the ids of /api/invitations.
  [/(?<=\s|\/\/[^/\s]+)(\/invitations\/)[^/?\s]+/g, "$1[redacted]"],
  [/(\/feeds\/)[^/?\s.]+/g, "$1[redacted]"],
];

export function redactSecrets(line: string) {
  return SECRETS.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), line);
}
