import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { postPieces } from './postLinks';

/** A post's text as text nodes, with its web addresses as links that open apart and pass no referrer or ranking. */
export function PostText({ text }: { text: string }) {
  return (
    <Typography variant="body1" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {postPieces(text).map((piece, index) => (piece.href
        ? <Link key={index} href={piece.href} target="_blank" rel="noopener noreferrer nofollow ugc">{piece.text}</Link>
        : <span key={index}>{piece.text}</span>))}
    </Typography>
  );
}
