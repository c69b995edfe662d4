/**
 * Plain record text as paragraphs: blank lines separate paragraphs. Record text is text, never
 * HTML, so React escapes it.
 */

/** Paragraphs of `text`. */
export function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n\s*\n/)
        .map((para) => para.trim())
        .filter(Boolean)
        .map((para, i) => (
          <p key={i}>{para}</p>
        ))}
    </>
  );
}
