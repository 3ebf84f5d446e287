import fs from "node:fs";
import ICAL from "ical.js";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const TIME_ZONE = "Europe/Berlin";

/** A day `days` from now in the band's time zone, as the date input wants it, and its month for ?month=. */
function dayAhead(days: number) {
  const date = new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(Date.now() + days * 86_400_000);
  return { date, month: date.slice(0, 7) };
}

/**
 * Taps an answer. With JavaScript the answer's post is held until the button has shown
 * pressed, so the check is of the optimistic state, not of the server's answer.
 */
async function tapAnswer(page: Page, javaScriptEnabled: boolean, button: Locator) {
  if (!javaScriptEnabled) return button.click();
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/events\/\d+\/rsvp/, async (route) => {
    await held;
    await route.continue();
  });
  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", "true");
  release();
  await page.unrouteAll({ behavior: "wait" });
}

/** An instant as the band's wall clock: "2026-11-28 20:00". */
function wallClock(instant: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

test.describe("calendar", () => {
  // Two people in one browser, one after the other, and the first database fixture of a worker loads the app's modules.
  test.setTimeout(90_000);

  test("a leader creates a gig with a lineup; the member answers from the calendar and the event page, sees it in the month and agenda views, and downloads the .ics", async ({
    page,
    context,
    javaScriptEnabled,
    isMobile,
    login,
    createUser,
    createBand,
  }) => {
    const leader = await login(await createUser({ firstName: "Lou", lastName: "Leader" }));
    const member = await createUser({ firstName: "Mia", lastName: "Member" });
    const band = await createBand(leader, { name: `The Calendars ${Date.now().toString(36)}`, timeZone: TIME_ZONE, members: [{ userId: member.id, role: "band_member" }] });
    const title = `Gig at The Anchor ${band.id}`;
    const { date, month } = dayAhead(5);

    // The leader creates the gig, booking Mia on bass.
    await page.goto("/events/new");
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Kind").selectOption("gig");
    await page.getByLabel("Date", { exact: true }).fill(date);
    await page.getByLabel("Start time").fill("20:00");
    await page.getByLabel("End time").fill("23:00");
    await page.getByLabel("Venue").fill("The Anchor");
    await page.getByLabel("Address").fill("Hafenstraße 1, Hamburg");
    await page.getByLabel("Mia Member", { exact: true }).check();
    await page.getByLabel("Mia Member’s instrument").fill("Bass");
    await page.getByRole("button", { name: "Create event" }).click();
    await expect(page).toHaveURL(/\/events\/\d+$/);
    const eventPath = new URL(page.url()).pathname;
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const lineup = page.getByRole("region", { name: "Lineup" });
    await expect(lineup).toContainText("Mia Member");
    await expect(lineup).toContainText("Bass");
    await expect(lineup).toContainText("No answer yet");

    // Mia signs in on the same browser.
    await context.clearCookies();
    await login(member);

    // From the calendar: one tap on "Going", and the calendar is where she stays.
    const calendarPath = `/calendar?month=${month}`;
    await page.goto(calendarPath);
    const agendaItem = page.getByRole("region", { name: /^Events in / }).getByRole("listitem").filter({ hasText: title });
    const answers = agendaItem.getByRole("form", { name: `Your answer for ${title}` });
    await tapAnswer(page, javaScriptEnabled, answers.getByRole("button", { name: "Going" }));
    await expect(answers.getByRole("button", { name: "Going" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("status").filter({ hasText: "Answer saved" }).first()).toBeVisible();
    // Without JavaScript back to the same place: the event she answered, not the top of the page.
    await expect(page).toHaveURL(new RegExp(`${calendarPath.replace("?", "\\?")}${javaScriptEnabled ? "" : "#agenda-\\d+"}$`));
    await expect(answers.getByRole("button", { name: "Going" })).toHaveAttribute("aria-pressed", "true");
    await expect(answers.getByRole("button", { name: "Maybe" })).toHaveAttribute("aria-pressed", "false");

    // Month grid on larger screens, with her answer on the event; agenda only on phones.
    const grid = page.getByRole("table", { name: /month view/ });
    if (isMobile) {
      await expect(grid).toBeHidden();
      await expect(agendaItem).toBeVisible();
      await expect(agendaItem.getByRole("link", { name: title })).toBeVisible();
    } else {
      const cellLink = grid.getByRole("link", { name: new RegExp(title) });
      await expect(cellLink).toBeVisible();
      await expect(cellLink).toContainText("8:00 PM");
      await expect(cellLink).toContainText("✓");
      await expect(cellLink).toHaveAccessibleName(new RegExp(`${title}\\s*, you: Going`));
    }

    // From the event page: "Maybe", with a note; the lineup shows it.
    await page.goto(eventPath);
    const mine = page.getByRole("region", { name: "Can you make it?" });
    await mine.getByLabel("Note (optional)").fill("Might be late from work");
    await tapAnswer(page, javaScriptEnabled, mine.getByRole("button", { name: "Maybe" }));
    await expect(mine.getByRole("button", { name: "Maybe" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("status").filter({ hasText: "Answer saved" }).first()).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${eventPath}$`));
    await expect(lineup).toContainText("Maybe");
    await expect(lineup).toContainText("Might be late from work");
    await expect(mine.getByRole("button", { name: "Going" })).toHaveAttribute("aria-pressed", "false");

    // The agenda (and on larger screens the grid) follows the new answer.
    await page.goto(calendarPath);
    await expect(answers.getByRole("button", { name: "Maybe" })).toHaveAttribute("aria-pressed", "true");
    if (!isMobile) await expect(grid.getByRole("link", { name: new RegExp(`${title}\\s*, you: Maybe`) })).toBeVisible();

    // "Add to my calendar": the .ics downloads and parses, at 20:00 to 23:00 Berlin time.
    await page.goto(eventPath);
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Add to my calendar (.ics)" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^gig-at-the-anchor-\d+\.ics$/);
    const text = fs.readFileSync((await download.path())!, "utf8");
    const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
    const vevents = calendar.getAllSubcomponents("vevent");
    expect(vevents).toHaveLength(1);
    const event = new ICAL.Event(vevents[0]!);
    expect(event.summary).toBe(title);
    expect(event.location).toBe("The Anchor, Hafenstraße 1, Hamburg");
    expect(event.uid).toMatch(/^event-\d+@bandroom$/);
    expect(wallClock(event.startDate.toJSDate())).toBe(`${date} 20:00`);
    expect(wallClock(event.endDate.toJSDate())).toBe(`${date} 23:00`);
    expect(vevents[0]!.getFirstPropertyValue("status")).toBe("CONFIRMED");
  });
  test("the month grid shows titles on up to two lines, names each event in full, and links a crowded day's \"+N more\" to the rest (1280 and 1024 wide)", async ({ page, login, createUser, createBand, isMobile }) => {
    test.skip(isMobile, "phones show the agenda, not the grid");
    const leader = await login(await createUser({ firstName: "Lou", lastName: "Leader" }));
    const band = await createBand(leader, { timeZone: TIME_ZONE });
    const { date, month } = dayAhead(9);
    const titles = ["Mill wedding", "Radio set", "Late show", "After-party", "Breakfast"].map((t) => `${t} ${band.id}`);
    const long = `The Grand Ballroom New Year's Eve gala with the horn section ${band.id}`;
    for (const [index, title] of titles.entries()) {
      const created = await page.request.post(`/api/bands/${band.id}/events`, { data: { title, kind: "gig", date, startTime: `1${index}:00` } });
      expect(created.status()).toBe(201);
    }
    const other = dayAhead(12);
    expect((await page.request.post(`/api/bands/${band.id}/events`, { data: { title: long, kind: "gig", date: other.date, startTime: "20:00" } })).status()).toBe(201);
    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/calendar?month=${month}`);
      const grid = page.getByRole("table", { name: /month view/ });
      // The whole title is the link's name and its tooltip; the first two fit on two lines, unclipped.
      for (const title of titles.slice(0, 2)) {
        const link = grid.getByRole("link", { name: new RegExp(title) });
        await expect(link).toHaveAttribute("title", title);
        const clipped = await link.locator("[data-cell-title]").evaluate((el) => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1);
        expect(clipped, `${title} at ${width}px`).toBe(false);
        const lines = await link.locator("[data-cell-title]").evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
        expect(lines).toBeLessThanOrEqual(2);
      }
      // A title too long for two lines is cut at two, and named in full.
      if (other.month === month) {
        const longLink = grid.getByRole("link", { name: new RegExp(long) });
        await expect(longLink).toHaveAttribute("title", long);
        const lines = await longLink.locator("[data-cell-title]").evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
        expect(lines).toBe(2);
      }
      // The page never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      // Two events show, then "+3 more", which leads to them in the agenda.
      await expect(grid.getByRole("link", { name: new RegExp(titles[2]!) })).toHaveCount(0);
      const more = grid.getByRole("link", { name: /\+3 more on/ });
      await expect(more).toBeVisible();
      await more.click();
      await expect(page).toHaveURL(/#agenda-\d+$/);
      await expect(page.getByRole("region", { name: /^Events in/ }).getByRole("link", { name: titles[2], exact: true })).toBeInViewport();
    }
  });

  test("a refused event shows each message next to its field, keeps what was typed, and saves nothing", async ({ page, login, createUser, createBand, isMobile }) => {
    test.skip(isMobile, "the same form on a phone; the desktop projects cover it with and without JavaScript");
    const leader = await login(await createUser({ firstName: "Lou", lastName: "Leader" }));
    const member = await createUser({ firstName: "Mia", lastName: "Member" });
    const band = await createBand(leader, { timeZone: TIME_ZONE, members: [{ userId: member.id, role: "band_member" }] });
    const title = `Spring gig ${band.id}`;

    await page.goto("/events/new");
    await page.getByLabel("Title").fill(title);
    // 02:30 on 28 March 2027 does not exist in Berlin (the clocks go forward), and the deadline is after the gig.
    await page.getByLabel("Date", { exact: true }).fill("2027-03-28");
    await page.getByLabel("Start time").fill("02:30");
    await page.getByLabel("Answer by").fill("2027-03-30");
    await page.getByLabel("Mia Member", { exact: true }).check();
    await page.getByRole("button", { name: "Create event" }).click();

    await expect(page.getByLabel("Start time")).toHaveAccessibleDescription(/02:30 does not exist on Mar 28, 2027 in Europe\/Berlin/);
    await expect(page.getByLabel("Start time")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Answer by")).toHaveAccessibleDescription(/The answer deadline must be on or before the day of the event/);
    await expect(page.getByLabel("Title")).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Title")).toHaveValue(title);
    await expect(page.getByLabel("Mia Member", { exact: true })).toBeChecked();
    await expect(page).toHaveURL(/\/events\/new$/);

    await page.goto("/calendar?month=2027-03");
    await expect(page.getByText("Nothing in March 2027.")).toBeVisible();
  });

  test("the same gig created again (browser Back, then Create event once more) is asked about first; Save anyway keeps both", async ({ page, login, createUser, createBand, isMobile }) => {
    test.skip(isMobile, "the same form on a phone; the desktop projects cover it with and without JavaScript");
    const leader = await login(await createUser({ firstName: "Lou", lastName: "Leader" }));
    const band = await createBand(leader, { timeZone: TIME_ZONE });
    const title = `Twice gig ${band.id}`;
    const fill = async () => {
      await page.getByLabel("Title").fill(title);
      await page.getByLabel("Date", { exact: true }).fill("2030-05-17");
      await page.getByLabel("Start time").fill("20:00");
    };
    await page.goto("/events/new");
    await fill();
    await page.getByRole("button", { name: "Create event" }).click();
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    // Back to the form (a new one: the page is not kept), the same details, Create again.
    await page.goBack();
    await expect(page).toHaveURL(/\/events\/new$/);
    await fill();
    await page.getByRole("button", { name: "Create event" }).click();
    const warning = page.getByRole("alert").filter({ hasText: "This event may already be on the calendar" });
    await expect(warning).toContainText(`Already on the calendar: “${title}”`);
    const { db } = await import("~/utils/db.server");
    expect(await db.event.count({ where: { bandId: band.id } })).toBe(1);
    await page.getByLabel("Save anyway").check();
    await page.getByRole("button", { name: "Create event" }).click();
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    expect(await db.event.count({ where: { bandId: band.id } })).toBe(2);
  });

  test("an edit refused because someone else saved first stays refused when saved again: their change is never undone", async ({ page, login, createUser, createBand, isMobile }) => {
    test.skip(isMobile, "the same form on a phone");
    const leader = await login(await createUser({ firstName: "Lou", lastName: "Leader" }));
    const band = await createBand(leader, { timeZone: TIME_ZONE });
    const { db } = await import("~/utils/db.server");
    const event = await db.event.create({ data: { bandId: band.id, title: "Harbour gig", kind: "gig", venueName: "The Anchor", startsAt: new Date(Date.now() + 20 * 86_400_000) } });

    await page.goto(`/events/${event.id}/edit`);
    // Meanwhile someone else moves the gig to another venue (a save bumps the version).
    await db.event.update({ where: { id: event.id }, data: { venueName: "The Crown", version: { increment: 1 } } });
    await page.getByLabel("Title").fill("Harbour gig (late)");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Someone else changed this event while you were editing.")).toBeVisible();
    // Saving the same form again is refused again, not saved over the other change.
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Someone else changed this event while you were editing.")).toBeVisible();
    expect(await db.event.findUniqueOrThrow({ where: { id: event.id }, select: { title: true, venueName: true } })).toEqual({ title: "Harbour gig", venueName: "The Crown" });
    // The way out: the event as it is saved now.
    await page.getByRole("link", { name: "Open the event as it is saved now" }).click();
    await expect(page.getByLabel("Venue", { exact: true })).toHaveValue("The Crown");
  });

  test("bringing a cancelled gig back names the member booked elsewhere meanwhile, and takes Save anyway", async ({ page, login, createUser, createBand, isMobile }) => {
    test.skip(isMobile, "the same form on a phone");
    const leader = await login(await createUser({ firstName: "Lou", lastName: "Leader" }));
    const member = await createUser({ firstName: "Tom", lastName: "Drums" });
    const band = await createBand(leader, { timeZone: TIME_ZONE, members: [{ userId: member.id, role: "band_member" }] });
    const { db } = await import("~/utils/db.server");
    const tom = await db.bandMembership.findFirstOrThrow({ where: { bandId: band.id, userId: member.id }, select: { id: true } });
    const startsAt = new Date(Date.now() + 30 * 86_400_000);
    const gig = await db.event.create({ data: { bandId: band.id, title: "Open-air night", kind: "gig", startsAt, endsAt: new Date(startsAt.getTime() + 2 * 3_600_000), cancelledAt: new Date(), cancelReason: "Rain", bookings: { create: [{ membershipId: tom.id }] } } });
    await db.event.create({ data: { bandId: band.id, title: "Indoor gig", kind: "gig", startsAt, endsAt: new Date(startsAt.getTime() + 2 * 3_600_000), bookings: { create: [{ membershipId: tom.id }] } } });

    await page.goto(`/events/${gig.id}`);
    await page.getByRole("button", { name: "It’s back on: undo the cancellation" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Tom Drums is booked on “Indoor gig”" })).toBeVisible();
    await page.getByLabel("Save anyway").check();
    await page.getByRole("button", { name: "It’s back on: undo the cancellation" }).click();
    await expect(page.getByText("Event back on").first()).toBeVisible();
    expect((await db.event.findUniqueOrThrow({ where: { id: gig.id } })).cancelledAt).toBeNull();
  });

  test("a leader deletes the rest of a weekly series in two steps and is back in its month", async ({ page, login, createUser, createBand, isMobile, javaScriptEnabled }) => {
    test.skip(isMobile, "the same form on a phone; the desktop projects cover it with and without JavaScript");
    const leader = await login(await createUser({ firstName: "Lou", lastName: "Leader" }));
    await createBand(leader, { timeZone: TIME_ZONE });
    const title = `Weekly rehearsal ${Date.now().toString(36)}`;

    await page.goto("/events/new");
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Kind").selectOption("rehearsal");
    await page.getByLabel("Date", { exact: true }).fill("2027-05-06");
    await page.getByLabel("Start time").fill("19:00");
    await page.getByLabel("Repeats").selectOption("weekly");
    // Only the end "Ends" names is shown (CSS: with JavaScript or without).
    await expect(page.getByLabel("Until")).toBeHidden();
    await page.getByLabel("Ends").selectOption("until");
    await expect(page.getByLabel("Number of times")).toBeHidden();
    await expect(page.getByLabel("Until")).toBeVisible();
    await page.getByLabel("Ends").selectOption("count");
    await page.getByLabel("Number of times").fill("4");
    await page.getByRole("button", { name: "Create event" }).click();
    await expect(page.getByText(`${title} and 3 more in the series are on the calendar.`).first()).toBeVisible();

    // The second one of four: it and the following ones go.
    await page.goto("/calendar?month=2027-05");
    await page.getByRole("region", { name: /^Events in / }).getByRole("link", { name: title }).nth(1).click();
    await expect(page).toHaveURL(/\/events\/\d+$/);
    await page.waitForLoadState("load");
    const deleteSummary = page.locator("summary").filter({ hasText: "Delete event…" });
    await deleteSummary.click();
    if (javaScriptEnabled) {
      // Escape closes the confirm panel and puts the keyboard back on its button.
      await page.getByRole("group", { name: "Delete which events of the series?" }).getByLabel("This and the following ones").focus();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("group", { name: "Delete which events of the series?" })).toBeHidden();
      await expect(deleteSummary).toBeFocused();
      await deleteSummary.click();
    }
    await page.getByRole("group", { name: "Delete which events of the series?" }).getByLabel("This and the following ones").check();
    await page.getByRole("button", { name: "Yes, delete" }).click();
    await expect(page).toHaveURL(/\/calendar\?month=2027-05$/);
    await expect(page.getByText("3 events of the series are gone.").first()).toBeVisible();
    await expect(page.getByRole("region", { name: /^Events in / }).getByRole("link", { name: title })).toHaveCount(1);
  });
});
