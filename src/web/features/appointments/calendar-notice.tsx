import { CalendarDaysIcon } from '@heroicons/react/24/outline';

/** The wireframe's calendar notice, saying what works now and what is still to come. */
export function CalendarNotice() {
  return (
    <section aria-labelledby="calendar-notice" className="rounded-xl bg-sky-50 p-5 ring-1 ring-sky-200 ring-inset">
      <div className="flex gap-3">
        <CalendarDaysIcon aria-hidden="true" className="size-6 shrink-0 text-sky-700" />
        <div className="space-y-2 text-sm text-sky-950">
          <h2 id="calendar-notice" className="text-base font-semibold">
            Calendar Integration
          </h2>
          <p>
            Every appointment downloads as a calendar file (.ics) that Google Calendar, Apple Calendar and Outlook can open:
            use <strong>Add to calendar</strong>. The person you book with is notified at once and confirms or declines;
            you are notified of their answer.
          </p>
          <p>Coming soon: automatic calendar sync, checking people’s availability, and calendar invites by email.</p>
        </div>
      </div>
    </section>
  );
}
