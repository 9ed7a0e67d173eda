/**
 * A chat message as written: plain text (React escapes it; markup shows as the characters typed), line breaks
 * kept, and web addresses (http:// or https://, or starting with www.) made into links that open in a new tab
 * without giving it this page (`noopener noreferrer`). No other scheme ever becomes a link.
 */
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than an address. */
const TRAILING = /[.,;:!?)\]}]+$/;

export type Piece = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** The message split into text and links. */
export function pieces(body: string): Piece[] {
  const out: Piece[] = [];
  let last = 0;
  for (const match of body.matchAll(LINK)) {
    const start = match.index ?? 0;
    const raw = match[0];
    const link = raw.replace(TRAILING, '');
    if (start > last) out.push({ kind: 'text', text: body.slice(last, start) });
    const href = /^https?:\/\//i.test(link) ? link : `https://${link}`;
    out.push({ kind: 'link', text: link, href });
    last = start + link.length;
  }
  if (last < body.length) out.push({ kind: 'text', text: body.slice(last) });
  return out;
}

export function MessageText({ body }: { body: string }) {
  return (
    <span className="break-words whitespace-pre-wrap">
      {pieces(body).map((piece, index) =>
        piece.kind === 'link' ? (
          <a
            key={index}
            href={piece.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="underline decoration-1 underline-offset-2 [overflow-wrap:anywhere]"
          >
            {piece.text}
          </a>
        ) : (
          <span key={index}>{piece.text}</span>
        ),
      )}
    </span>
  );
}
