/** A post's text in pieces: plain text, and web addresses (http and https only) to show as links. */
type PostPiece = { text: string; href?: undefined } | { text: string; href: string };

const ADDRESS = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence rather than the address it follows. */
const TRAILING = /[.,;:!?)\]}'"»]+$/;

export function postPieces(text: string): PostPiece[] {
  const pieces: PostPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const start = match.index;
    let address = match[0];
    const trailing = TRAILING.exec(address)?.[0] ?? '';
    // A closing parenthesis stays when the address opened one, as in Wikipedia's addresses.
    const keep = trailing.startsWith(')') && address.includes('(') ? 1 : 0;
    address = address.slice(0, address.length - trailing.length + keep);
    if (!isWebAddress(address)) continue;
    if (start > last) pieces.push({ text: text.slice(last, start) });
    pieces.push({ text: address, href: address });
    last = start + address.length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  return pieces;
}

function isWebAddress(address: string): boolean {
  try {
    const url = new URL(address);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}
