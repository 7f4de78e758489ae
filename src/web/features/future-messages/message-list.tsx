import { ClockIcon, DocumentTextIcon, EyeIcon, LockClosedIcon, PencilSquareIcon, PhotoIcon } from "@heroicons/react/24/outline";
import type { Ref } from "react";
import type { TFutureMessage } from "../../../core/future-messages.schemas.ts";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Button } from "../../components/ui/button.tsx";
import { StatusBadge } from "./status-badge.tsx";
import { WhileEditable } from '../../components/ui/estate-frozen.tsx';

const plural = (n: number, one: string, many: string) =>
  `${n} ${n === 1 ? one : many}`;

function deliveredOn(iso: string): string {
  return new Date(iso).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
  });
}

/** The owner's future messages: recipient, subject, rule in words, attachments, status, Edit and Preview. */
export function MessageList({
  messages,
  onEdit,
  onPreview,
  ref,
}: {
  messages: TFutureMessage[];
  onEdit: (message: TFutureMessage) => void;
  onPreview: (message: TFutureMessage) => void;
  /** the list element, for LoadMoreFooter's focus on the first new message */
  ref?: Ref<HTMLUListElement>;
}) {
  return (
    <ul ref={ref} className="divide-y divide-stone-100" aria-label="Future messages">
      {messages.map((m) => (
        <li
          key={m.id}
          className="flex items-start gap-3 py-5 first:pt-0 last:pb-0 sm:gap-4"
        >
          <Avatar initials={m.recipient?.initials ?? "?"} />
          <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <h3 className="text-base font-semibold text-stone-900">
                  {m.subject}
                </h3>
                <StatusBadge status={m.status} />
                {m.sealed && (
                  <span className="inline-flex items-center gap-1 rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-700 ring-1 ring-stone-200 ring-inset">
                    <LockClosedIcon aria-hidden="true" className="size-3.5" />
                    Sealed
                  </span>
                )}
              </div>
              {m.recipient ? (
                <p className="mt-1 text-sm text-stone-600">
                  To{" "}
                  <span className="font-medium text-stone-900">
                    {m.recipient.name}
                  </span>
                  <span className="text-stone-400"> · </span>
                  {m.recipient.relationship}
                </p>
              ) : (
                <p className="mt-1 text-sm text-stone-600">No recipient</p>
              )}
              <dl className="mt-2 flex flex-wrap gap-x-5 gap-y-1.5 text-sm text-stone-600">
                <div className="flex items-center gap-1.5">
                  <dt>
                    <ClockIcon
                      aria-hidden="true"
                      className="size-4 text-stone-400"
                    />
                    <span className="sr-only">Delivery</span>
                  </dt>
                  <dd>
                    {m.status === "delivered" && m.deliveredAt
                      ? `Delivered on ${deliveredOn(m.deliveredAt)}`
                      : m.deliveryInWords}
                  </dd>
                </div>
                <div className="flex items-center gap-1.5">
                  <dt>
                    <PhotoIcon
                      aria-hidden="true"
                      className="size-4 text-stone-400"
                    />
                    <span className="sr-only">Memories attached</span>
                  </dt>
                  <dd>
                    {plural(m.attachments.memories, "memory", "memories")}
                  </dd>
                </div>
                <div className="flex items-center gap-1.5">
                  <dt>
                    <DocumentTextIcon
                      aria-hidden="true"
                      className="size-4 text-stone-400"
                    />
                    <span className="sr-only">Documents attached</span>
                  </dt>
                  <dd>
                    {plural(m.attachments.documents, "document", "documents")}
                  </dd>
                </div>
              </dl>
              {m.waitingFor && (
                <p className="mt-2 text-sm font-medium text-amber-800">
                  {m.waitingFor}
                </p>
              )}
            </div>
            <div className="flex shrink-0 gap-2">
              <WhileEditable>
                {m.status !== "delivered" && (
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => onEdit(m)}
                    aria-label={`Edit “${m.subject}”`}
                  >
                    <PencilSquareIcon aria-hidden="true" className="size-4" />
                    Edit
                  </Button>
                )}
              </WhileEditable>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => onPreview(m)}
                aria-label={`Preview “${m.subject}”`}
              >
                <EyeIcon aria-hidden="true" className="size-4" />
                Preview
              </Button>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
