import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A numbered part of a legal page: a heading and its paragraphs or lists, easy to scan and link to. */
export function LegalSection({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <Box component="section" id={id} aria-labelledby={`${id}-heading`} sx={{ mt: 4, '& p, & li': { lineHeight: 1.65 }, '& ul': { pl: 3 } }}>
      <Typography id={`${id}-heading`} variant="h2" gutterBottom>
        {heading}
      </Typography>
      {children}
    </Box>
  );
}

/** A paragraph of body text. */
export function P({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body1" component="p" sx={{ mb: 1.5 }}>
      {children}
    </Typography>
  );
}
