/**
 * The send limits of docs/decisions/0014, written out as figures: the tests assert these numbers,
 * so changing a production limit fails them until the decision (and this file) changes too.
 */
export const SEND_LIMITS = {
  invitationsPerAccountPerHour: 20,
  invitationsPerAddressPerDay: 3,
  messagesPerAccountPerHour: 30,
  messagesPerRecipientPerHour: 10,
  appointmentRequestsPerAccountPerHour: 20,
  plannerAdditionsPerAccountPerHour: 10,
} as const;
