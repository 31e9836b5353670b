import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { FormEvent, ReactNode } from 'react';

interface Props { title: string; submitLabel: string; busy?: boolean; onSubmit: () => void; children: ReactNode; footer?: ReactNode }

/** The frame of the account forms: a titled card with one submit button. */
export function AccountCard({ title, submitLabel, busy, onSubmit, children, footer }: Props) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Card sx={{ maxWidth: 480, mx: 'auto' }}>
      <CardContent>
        <Typography variant="h1" component="h1" gutterBottom>{title}</Typography>
        <Box component="form" noValidate onSubmit={submit}>
          {children}
          <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 2 }} fullWidth>{submitLabel}</Button>
        </Box>
        {footer && <Box sx={{ mt: 2, display: 'flex', flexDirection: 'column', gap: 1 }}>{footer}</Box>}
      </CardContent>
    </Card>
  );
}
