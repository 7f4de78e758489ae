/**
 * An article's HTML, with readable typography. The HTML is rendered on the server from the
 * repository's own Markdown (content/resources), never from anything a user wrote.
 */
export function ArticleBody({ html }: { html: string }) {
  return (
    <div
      className="max-w-prose text-base leading-7 text-stone-800 [&_a]:text-accent-text [&_a]:underline [&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-stone-900 [&_li]:mt-1.5 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-4 [&_strong]:font-semibold [&_strong]:text-stone-900 [&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
