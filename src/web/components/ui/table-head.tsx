/** A table's caption (for screen readers) and header row; an empty label is an unlabelled actions column. */
export function TableHead({ caption, columns }: { caption: string; columns: { label: string; className?: string }[] }) {
  return (
    <>
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b border-stone-200 text-stone-600">
        <tr>
          {columns.map((c, i) => (
            <th key={c.label || `col-${i}`} scope="col" className={`py-2 font-medium ${i === 0 ? 'pr-2' : i === columns.length - 1 ? 'pl-2' : 'px-2'} ${c.className ?? ''}`.trim()}>
              {c.label || <span className="sr-only">Actions</span>}
            </th>
          ))}
        </tr>
      </thead>
    </>
  );
}
