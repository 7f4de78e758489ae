import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertInvitation } from "../../../../test/factories/invitations.ts";
import {
  insertOwner,
  type InsertedUser,
} from "../../../../test/factories/users.ts";
import {
  buildPlannerInvitation,
  insertClientOf,
  insertPlanner,
  invitationTokenFor,
  invite,
  inviteeEmail,
  PLANNER_INVITATIONS,
} from "../../../../test/factories/planner-invitations.ts";
import { useSmtpTestApp } from "../../../../test/factories/smtp-sink.ts";
import {
  Browser,
  buildTestApp,
  emailsTo,
  injectAs,
  sessionFor,
  type TestApp,
} from "../../../../test/helpers.ts";
import type {
  TPlannerInvitation,
  TPlannerInvitationPage,
} from "../../../core/planner-invitations.schemas.ts";
import { isClientOf } from "../../access/planner-clients.ts";
import {
  estates,
  invitations,
  supportTeamMembers,
} from "../../db/schema/estates.ts";
import { notifications } from "../../db/schema/messages.ts";
import { tasks } from "../../db/schema/tasks.ts";
import { userRoles, users } from "../../db/schema/users.ts";

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let planner: InsertedUser;
let otherPlanner: InsertedUser;

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date("2026-05-12T09:00:00Z"));
  planner = await insertPlanner(t.db, { name: "David Chen" });
  otherPlanner = await insertPlanner(t.db);
});
afterAll(async () => t.close());

// Sessions end after 30 idle minutes, and these tests move the clock by days: each call signs in afresh.
const me = () => sessionFor(t, planner);
const runJobs = async () => t.app.deps.jobs.runDue();
const rowsTo = (email: string) =>
  t.db.select().from(invitations).where(eq(invitations.email, email));
const accept = (
  token: string,
  body: object = {
    name: "Eleanor Whitfield",
    password: "a long and memorable passphrase",
  },
) => new Browser(t).call("POST", "/api/v1/invitations/accept", { token, ...body });

describe("POST /api/v1/planner/invitations", () => {
  it("emails the template, in the planner’s words, with the accept link and the booking link", async () => {
    const { invitation, email, token } = await invite(t, await me(), {
      includeCalendarLink: true,
    });
    expect(invitation).toMatchObject({
      status: "sent",
      firstName: "Eleanor",
      template: "For Elderly Parents",
      canResend: true,
      canCancel: true,
    });
    const [mail] = await emailsTo(t, email);
    expect(mail!.subject).toBe(
      "Heirloom: an invitation sent on behalf of one of our members",
    );
    expect(mail!.text).toContain(
      "a member who gave their name as “David Chen”",
    );
    expect(mail!.text).toContain("Dear Eleanor,");
    expect(mail!.text).toContain("at your own pace");
    expect(mail!.text).toContain(
      `http://localhost:3000/invitations#${token}\n`,
    );
    expect(mail!.text).toContain(`/invitations?book=consultation#${token}`);
  });

  it("quotes a hand-written message as the planner’s words, escaped in the HTML part", async () => {
    const { email } = await invite(t, await me(), {
      template: "Custom Message",
      message: "Hi <b>Mum</b>, shall we start?",
    });
    const [mail] = await emailsTo(t, email);
    expect(mail!.text).toContain(
      "In their own words:\n\nHi <b>Mum</b>, shall we start?",
    );
    expect(mail!.html).toContain("Hi &lt;b&gt;Mum&lt;/b&gt;, shall we start?");
    expect(mail!.text).not.toContain("book=consultation");
  });

  it.each([
    ["email", { email: "not-an-address" }],
    ["template", { template: "For Everyone" }],
    ["relationship", { relationship: "Neighbour" }],
    ["firstName", { firstName: "  " }],
  ])(
    "refuses a bad %s with a 400 naming it, and writes and sends nothing",
    async (field, bad) => {
      const body = { ...buildPlannerInvitation(), ...bad };
      const res = await injectAs(
        t,
        await me(),
        "POST",
        PLANNER_INVITATIONS,
        body,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty(field);
      const email = typeof body.email === "string" ? body.email : "";
      expect(await rowsTo(email)).toHaveLength(0);
      expect(await emailsTo(t, email)).toHaveLength(0);
    },
  );

  it("refuses a second open invitation to the same address with a clear 409, and sends one email", async () => {
    const { email } = await invite(t, await me());
    const again = await injectAs(
      t,
      await me(),
      "POST",
      PLANNER_INVITATIONS,
      buildPlannerInvitation({ email }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      `You have already invited ${email} and the invitation is still open. Resend it from the Invitations list instead.`,
    );
    expect(await rowsTo(email)).toHaveLength(1);
    expect(await emailsTo(t, email)).toHaveLength(1);
  });

  it("lets two parallel invitations to one address through exactly once", async () => {
    const body = buildPlannerInvitation();
    const session = await me();
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        injectAs(t, session, "POST", PLANNER_INVITATIONS, body),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await rowsTo(body.email!)).toHaveLength(1);
    expect(await emailsTo(t, body.email!)).toHaveLength(1);
  });

  it("refuses to invite someone who is already the planner’s client", async () => {
    const client = await insertClientOf(t.db, planner);
    const res = await injectAs(
      t,
      await me(),
      "POST",
      PLANNER_INVITATIONS,
      buildPlannerInvitation({ email: client.email }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      `${client.email} is already one of your loved ones.`,
    );
  });

  it("is refused to an estate owner (403)", async () => {
    const owner = await insertOwner(t.db);
    const res = await injectAs(
      t,
      await sessionFor(t, owner),
      "POST",
      PLANNER_INVITATIONS,
      buildPlannerInvitation(),
    );
    expect(res.statusCode).toBe(403);
  });
});

describe("the invitations list, resend and cancel", () => {
  it("lists newest first, a page at a time, with each status", async () => {
    const p = await insertPlanner(t.db);
    for (let i = 0; i < 22; i++) {
      t.clock.advance(3 * 60_000); // at most 20 invitations an hour
      await invite(t, await sessionFor(t, p), { firstName: `Person${i}` });
    }
    const first = (
      await injectAs(t, await sessionFor(t, p), "GET", PLANNER_INVITATIONS)
    ).json() as TPlannerInvitationPage;
    expect(first.items).toHaveLength(20);
    expect(first.items[0]!.firstName).toBe("Person21");
    const second = (
      await injectAs(
        t,
        await sessionFor(t, p),
        "GET",
        `${PLANNER_INVITATIONS}?cursor=${encodeURIComponent(first.nextCursor!)}`,
      )
    ).json() as TPlannerInvitationPage;
    expect(second.items.map((i) => i.firstName)).toEqual([
      "Person1",
      "Person0",
    ]);
    expect(second.nextCursor).toBeNull();
    const bad = await injectAs(
      t,
      await sessionFor(t, p),
      "GET",
      `${PLANNER_INVITATIONS}?cursor=nonsense`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty("cursor");
  });

  it("hides one planner’s invitations from another (404 on resend and cancel, absent from the list)", async () => {
    const { invitation } = await invite(t, await me());
    const list = (
      await injectAs(
        t,
        await sessionFor(t, otherPlanner),
        "GET",
        PLANNER_INVITATIONS,
      )
    ).json() as TPlannerInvitationPage;
    expect(list.items.map((i) => i.id)).not.toContain(invitation.id);
    expect(
      (
        await injectAs(
          t,
          await sessionFor(t, otherPlanner),
          "POST",
          `${PLANNER_INVITATIONS}/${invitation.id}/resend`,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await injectAs(
          t,
          await sessionFor(t, otherPlanner),
          "POST",
          `${PLANNER_INVITATIONS}/${invitation.id}/cancel`,
        )
      ).statusCode,
    ).toBe(404);
  });

  it("resend mails a new link and kills the old one; not twice within 10 minutes", async () => {
    const { invitation, email, token } = await invite(t, await me());
    t.clock.advance(11 * 60_000);
    const res = await injectAs(
      t,
      await me(),
      "POST",
      `${PLANNER_INVITATIONS}/${invitation.id}/resend`,
    );
    expect(res.statusCode).toBe(200);
    expect((res.json() as TPlannerInvitation).lastSentAt).toBe(
      t.clock.now().toISOString(),
    );
    const newToken = await invitationTokenFor(t, email);
    expect(newToken).not.toBe(token);
    const old = await new Browser(t).call("POST", "/api/v1/invitations/open", { token });
    expect(old.statusCode).toBe(410);
    expect(old.json().error.message).toContain("was replaced by a newer one");
    expect(
      (await new Browser(t).call("POST", "/api/v1/invitations/open", { token: newToken }))
        .statusCode,
    ).toBe(200);
    const tooSoon = await injectAs(
      t,
      await me(),
      "POST",
      `${PLANNER_INVITATIONS}/${invitation.id}/resend`,
    );
    expect(tooSoon.statusCode).toBe(429);
    expect(await emailsTo(t, email)).toHaveLength(2);
  });

  it("cancel kills the link (410 in clear words) and the reminder", async () => {
    const { invitation, email, token } = await invite(t, await me(), {
      scheduleFollowUp: true,
    });
    const res = await injectAs(
      t,
      await me(),
      "POST",
      `${PLANNER_INVITATIONS}/${invitation.id}/cancel`,
    );
    expect(res.json()).toMatchObject({
      status: "cancelled",
      canResend: false,
      canCancel: false,
    });
    const link = await new Browser(t).call(
      "POST",
      "/api/v1/invitations/open", { token },
    );
    expect(link.statusCode).toBe(410);
    expect(link.json().error.message).toBe(
      "This invitation was cancelled by the person who sent it. Ask them to send a new one.",
    );
    expect((await accept(token)).statusCode).toBe(410);
    t.clock.advance(4 * DAY);
    await runJobs();
    expect(await emailsTo(t, email)).toHaveLength(1);
    expect(
      (
        await injectAs(
          t,
          await me(),
          "POST",
          `${PLANNER_INVITATIONS}/${invitation.id}/resend`,
        )
      ).statusCode,
    ).toBe(409);
  });
});

describe("accepting a planner’s invitation", () => {
  it("creates an owner with an estate and the onboarding checklist, whose support team holds the planner", async () => {
    const { invitation, email, token } = await invite(t, await me());
    const info = await new Browser(t).call(
      "POST",
      "/api/v1/invitations/open", { token },
    );
    expect(info.json()).toMatchObject({
      kind: "planner-client",
      role: "estate-owner",
      suggestedName: "Eleanor Whitfield",
      summary: expect.stringContaining(
        "David Chen, a legacy planner, has invited you to plan your legacy with Heirloom",
      ),
    });
    const res = await accept(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().redirectTo).toBe("/estate-owner");
    const [user] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, email));
    const [estate] = await t.db
      .select()
      .from(estates)
      .where(eq(estates.ownerId, user!.id));
    expect(await isClientOf(t.db, planner.id, estate!.id)).toBe(true);
    expect(
      (await t.db.select().from(tasks).where(eq(tasks.estateId, estate!.id)))
        .length,
    ).toBeGreaterThan(0);
    const [member] = await t.db
      .select()
      .from(supportTeamMembers)
      .where(eq(supportTeamMembers.estateId, estate!.id));
    expect(member).toMatchObject({
      role: "legacy-planner",
      name: "David Chen",
      email: planner.email,
    });
    const notes = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, planner.id));
    expect(notes.map((n) => n.message)).toContain(
      "Eleanor Whitfield accepted your invitation and is now one of your loved ones",
    );
    const list = (
      await injectAs(t, await me(), "GET", PLANNER_INVITATIONS)
    ).json() as TPlannerInvitationPage;
    expect(list.items.find((i) => i.id === invitation.id)?.status).toBe(
      "accepted",
    );
  });

  it("works once: a second acceptance is 410", async () => {
    const { token } = await invite(t, await me());
    expect((await accept(token)).statusCode).toBe(200);
    const again = await accept(token, {
      name: "Someone Else",
      password: "another long passphrase",
    });
    expect(again.statusCode).toBe(410);
  });

  it("expires after 14 days (410)", async () => {
    const { token, invitation } = await invite(t, await me());
    t.clock.advance(14 * DAY + 60_000);
    expect((await accept(token)).statusCode).toBe(410);
    const list = (
      await injectAs(t, await me(), "GET", PLANNER_INVITATIONS)
    ).json() as TPlannerInvitationPage;
    expect(list.items.find((i) => i.id === invitation.id)?.status).toBe(
      "expired",
    );
  });

  it("gives a signed-in user with the invited address the estate-owner role and their planner", async () => {
    const beneficiary = await insertOwner(t.db, { roles: ["beneficiary"] });
    const { token } = await invite(t, await me(), { email: beneficiary.email });
    const res = await injectAs(
      t,
      await sessionFor(t, beneficiary),
      "POST",
      "/api/v1/invitations/accept",
      { token },
    );
    expect(res.statusCode, res.body).toBe(200);
    const roles = await t.db
      .select()
      .from(userRoles)
      .where(eq(userRoles.userId, beneficiary.id));
    expect(roles.map((r) => r.role).sort()).toEqual([
      "beneficiary",
      "estate-owner",
    ]);
    const [estate] = await t.db
      .select()
      .from(estates)
      .where(eq(estates.ownerId, beneficiary.id));
    expect(await isClientOf(t.db, planner.id, estate!.id)).toBe(true);
  });

  it("the booking link lands on the schedule form for an Initial Consultation with the planner, which can be booked", async () => {
    const { token } = await invite(t, await me(), {
      includeCalendarLink: true,
    });
    const browser = new Browser(t);
    const res = await browser.call(
      "POST",
      "/api/v1/invitations/accept",
      {
        token,
        name: "Eleanor Whitfield",
        password: "a long and memorable passphrase",
        book: "consultation",
      },
    );
    await browser.refresh(); // signed in: the session's own CSRF token
    const target = new URL(res.json().redirectTo as string, "http://x");
    expect(target.pathname).toBe("/estate-owner/appointments");
    expect(target.searchParams.get("schedule")).toBe("1");
    expect(target.searchParams.get("type")).toBe("Initial Consultation");
    const options = (
      await browser.call(
        "GET",
        "/api/v1/appointments/options?persona=estate-owner",
      )
    ).json();
    expect(options.types.map((x: { name: string }) => x.name)).toContain(
      "Initial Consultation",
    );
    const booked = await browser.call("POST", "/api/v1/appointments", {
      type: "Initial Consultation",
      supportMemberId: target.searchParams.get("with"),
      date: new Date(t.clock.now().getTime() + 7 * DAY)
        .toISOString()
        .slice(0, 10),
      time: "10:00",
      timeZone: "UTC",
      persona: "estate-owner",
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json()).toMatchObject({
      type: "Initial Consultation",
      durationMinutes: 60,
      withName: "David Chen",
    });
  });
});

describe("the follow-up reminder", () => {
  it("goes once, 3 days after sending, however often the job runs; the status becomes Reminded", async () => {
    const { invitation, email, token } = await invite(t, await me(), {
      scheduleFollowUp: true,
    });
    t.clock.advance(3 * DAY - 60_000);
    await runJobs();
    expect(await emailsTo(t, email)).toHaveLength(1);
    t.clock.advance(2 * 60_000);
    await runJobs();
    await runJobs();
    const mails = await emailsTo(t, email);
    expect(mails.map((m) => m.subject)).toEqual([
      "Heirloom: a reminder about your invitation",
      "Heirloom: an invitation sent on behalf of one of our members",
    ]);
    expect(mails[0]!.text).toContain(`/invitations#${token}`);
    t.clock.advance(3 * DAY);
    await runJobs();
    expect(await emailsTo(t, email)).toHaveLength(2);
    const list = (
      await injectAs(t, await me(), "GET", PLANNER_INVITATIONS)
    ).json() as TPlannerInvitationPage;
    expect(list.items.find((i) => i.id === invitation.id)?.status).toBe(
      "reminded",
    );
  });

  it("catches up after a missed day, and is never sent after acceptance or without being asked for", async () => {
    const late = await invite(t, await me(), { scheduleFollowUp: true });
    const accepted = await invite(t, await me(), { scheduleFollowUp: true });
    const notAsked = await invite(t, await me());
    expect((await accept(accepted.token)).statusCode).toBe(200);
    t.clock.advance(4 * DAY);
    await runJobs();
    expect(await emailsTo(t, late.email)).toHaveLength(2);
    expect(await emailsTo(t, accepted.email)).toHaveLength(1);
    expect(await emailsTo(t, notAsked.email)).toHaveLength(1);
    const [row] = await t.db
      .select()
      .from(invitations)
      .where(and(eq(invitations.id, late.invitation.id)));
    expect(row!.data).not.toHaveProperty("sealedToken");
  });

  it("gives an invitation that kept no link (seeded) a new one in its reminder", async () => {
    const email = inviteeEmail();
    const { token } = await insertInvitation(t.db, {
      kind: "planner-client",
      role: "estate-owner",
      email,
      invitedBy: planner.id,
      data: {
        firstName: "Patricia",
        lastName: "Moore",
        scheduleFollowUp: true,
      },
      createdAt: t.clock.now(),
      lastSentAt: t.clock.now(),
      followUpDueAt: t.clock.now(),
      expiresAt: new Date(t.clock.now().getTime() + 14 * DAY),
    });
    t.clock.advance(60_000);
    await runJobs();
    const newToken = await invitationTokenFor(t, email);
    expect(newToken).not.toBe(token);
    expect(
      (
        await new Browser(t).call("POST", "/api/v1/invitations/open", { token: newToken })
      ).json(),
    ).toMatchObject({ suggestedName: "Patricia Moore" });
    const list = (
      await injectAs(t, await me(), "GET", PLANNER_INVITATIONS)
    ).json() as TPlannerInvitationPage;
    expect(list.items.find((i) => i.email === email)).toMatchObject({
      firstName: "Patricia",
      status: "reminded",
    });
  });
});

describe("over SMTP", () => {
  const env = useSmtpTestApp();
  it("the invitation arrives at a real SMTP server with its link", async () => {
    const p = await insertPlanner(env.t.db, { name: "David Chen" });
    const email = inviteeEmail();
    const res = await injectAs(
      env.t,
      await sessionFor(env.t, p),
      "POST",
      PLANNER_INVITATIONS,
      buildPlannerInvitation({ email }),
    );
    expect(res.statusCode).toBe(201);
    const [received] = env.smtp.to(email);
    expect(received?.subject).toBe(
      "Heirloom: an invitation sent on behalf of one of our members",
    );
    expect(received?.raw.replace(/=\r?\n/g, "")).toMatch(
      /\/invitations#[A-Za-z0-9_-]{20,}/,
    );
  });
});
