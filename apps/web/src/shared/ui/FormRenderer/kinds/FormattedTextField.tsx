import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import { Box, FormControl, FormHelperText, FormLabel, IconButton, Stack } from '@mui/material';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { sanitizeHtml } from '../sanitizeHtml.ts';
import { useBoundField } from '../useBoundField.ts';
import type { KindProps } from './kindProps.ts';

const COMMANDS = [
  { command: 'bold', icon: <FormatBoldIcon fontSize="small" />, label: 'form.richText.bold' },
  { command: 'italic', icon: <FormatItalicIcon fontSize="small" />, label: 'form.richText.italic' },
  {
    command: 'insertUnorderedList',
    icon: <FormatListBulletedIcon fontSize="small" />,
    label: 'form.richText.list',
  },
] as const;

/** RICH_TEXT: edited in place and stored sanitised; read-only values are shown sanitised too. */
export function FormattedTextField({ component }: KindProps<'formattedText'>) {
  const { t } = useTranslation();
  const labelId = useId();
  const editor = useRef<HTMLDivElement>(null);
  const bound = useBoundField(component);
  const value = typeof bound.controller.field.value === 'string' ? bound.controller.field.value : '';
  useEffect(() => {
    // Only outside changes (load, reload) rewrite the editor: rewriting while typing would move the caret.
    const element = editor.current;
    if (element && document.activeElement !== element) element.innerHTML = sanitizeHtml(value);
  }, [value]);
  if (bound.hidden) return null;
  const { controller } = bound;
  return (
    <FormControl fullWidth error={Boolean(bound.errorText)} required={bound.required}>
      <FormLabel id={labelId}>{bound.label}</FormLabel>
      {!bound.readOnly && (
        <Stack direction="row" role="toolbar" aria-label={t('form.richText.toolbar')}>
          {COMMANDS.map((entry) => (
            <IconButton
              key={entry.command}
              size="small"
              aria-label={t(entry.label)}
              // execCommand is deprecated but still the only built-in editing command set.
              onMouseDown={(event) => {
                event.preventDefault();
                document.execCommand?.(entry.command);
              }}
            >
              {entry.icon}
            </IconButton>
          ))}
        </Stack>
      )}
      <Box
        ref={editor}
        role="textbox"
        aria-multiline
        aria-labelledby={labelId}
        aria-required={bound.required}
        aria-readonly={bound.readOnly}
        contentEditable={!bound.readOnly}
        suppressContentEditableWarning
        onInput={(event) => controller.field.onChange(sanitizeHtml(event.currentTarget.innerHTML))}
        onBlur={controller.field.onBlur}
        sx={{ minHeight: 96, p: 1, border: 1, borderColor: 'divider', borderRadius: 1 }}
      />
      {(bound.errorText ?? bound.hint) && <FormHelperText>{bound.errorText ?? bound.hint}</FormHelperText>}
    </FormControl>
  );
}
