import TextField from '@mui/material/TextField';

/**
 * A small whole-number field kept within [min, max] (the server checks the same bounds). It is `width` px wide, or
 * wider when its label needs it: a floating label is cut with an ellipsis once it is wider than the field, and labels
 * run long in some languages ("Dieciseisavos de final", "Comodines por miembro").
 */
export function NumberField({ label, value, min, max, onChange, disabled, helperText, width = 120 }: {
  label: string; value: number; min: number; max: number; onChange: (value: number) => void; disabled: boolean;
  helperText?: string; width?: number;
}) {
  return (
    <TextField type="number" label={label} value={value} disabled={disabled} helperText={helperText} sx={{ width: `max(${width}px, calc(${label.length * 0.5}em + 32px))`, mr: 1, mt: 1 }}
      slotProps={{ htmlInput: { min, max, step: 1, inputMode: 'numeric' } }}
      onChange={(event) => {
        const parsed = Math.round(Number(event.target.value));
        if (!Number.isNaN(parsed)) onChange(Math.min(max, Math.max(min, parsed)));
      }} />
  );
}
