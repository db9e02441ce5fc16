import { Alert, Grid, TextField } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFormRenderer } from '../FormRendererContext.ts';
import { useBoundField } from '../useBoundField.ts';
import type { KindProps } from './kindProps.ts';
import { MaskedTextField } from './MaskedTextField.tsx';

type AddressPart = keyof KindProps<'address'>['component']['fields'];

function AddressPartField({ field, readOnly }: { field: string; readOnly: boolean }) {
  const bound = useBoundField({ field, readOnly });
  if (bound.hidden) return null;
  const { controller } = bound;
  return (
    <TextField
      name={controller.field.name}
      inputRef={controller.field.ref}
      label={bound.label}
      value={typeof controller.field.value === 'string' ? controller.field.value : ''}
      onChange={(event) =>
        controller.field.onChange(
          bound.field?.uppercase ? event.target.value.toLocaleUpperCase('pt-BR') : event.target.value,
        )
      }
      onBlur={controller.field.onBlur}
      required={bound.required}
      error={Boolean(bound.errorText)}
      helperText={bound.errorText ?? bound.hint}
      fullWidth
      slotProps={{ htmlInput: { readOnly: bound.readOnly } }}
    />
  );
}

const PART_SPANS: Record<Exclude<AddressPart, 'cep'>, number> = {
  street: 8,
  number: 4,
  complement: 6,
  district: 6,
  city: 8,
  state: 4,
};

/**
 * The address block (domain.md): the CEP is looked up when complete and fills street, district, city and state;
 * every part stays editable, and a failed lookup shows the server's message and leaves manual entry open.
 */
export function AddressBlock({ component }: KindProps<'address'>) {
  const { t } = useTranslation();
  const { services } = useFormRenderer();
  const form = useFormContext();
  const [lookupMessage, setLookupMessage] = useState<string | null>(null);
  const lastLookup = useRef<string | null>(null);
  const parts = component.fields;
  const cep = useWatch({ name: parts.cep });

  async function lookUp(complete: string) {
    if (!services.lookupAddress || complete === lastLookup.current) return;
    lastLookup.current = complete;
    try {
      const answer = await services.lookupAddress(complete.replace(/\D/g, ''));
      if (!answer.found) {
        setLookupMessage(answer.message);
        return;
      }
      setLookupMessage(null);
      const fill = (field: string | undefined, value: string) => {
        if (field && value) form.setValue(field, value, { shouldDirty: true, shouldValidate: true });
      };
      fill(parts.street, answer.street);
      fill(parts.district, answer.district);
      fill(parts.city, answer.city);
      fill(parts.state, answer.state);
    } catch {
      // No answer from the server at all: say so, and what to do instead.
      setLookupMessage(`${t('form.address.lookupFailed')} ${t('form.address.manualEntry')}`);
    }
  }

  // A complete CEP (the mask's 8 digits) is looked up once; typing it again after a change looks it up again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the lookup runs on the CEP alone
  useEffect(() => {
    if (typeof cep === 'string' && /^\d{5}-\d{3}$/.test(cep)) void lookUp(cep);
  }, [cep]);

  return (
    <Grid container spacing={2} role="group" aria-label={t('form.kinds.address')}>
      <Grid size={{ xs: 12, md: 4 }}>
        <MaskedTextField
          component={{
            type: 'maskedText',
            field: parts.cep,
            mask: '99999-999',
            columnSpan: 4,
            readOnly: component.readOnly,
          }}
        />
      </Grid>
      {lookupMessage && (
        <Grid size={{ xs: 12, md: 8 }}>
          <Alert severity="warning" role="status">
            {/* The server's messages already say to fill the address in by hand. */}
            {lookupMessage}
          </Alert>
        </Grid>
      )}
      {(Object.keys(PART_SPANS) as Exclude<AddressPart, 'cep'>[]).map((part) => {
        const field = parts[part];
        return field ? (
          <Grid key={part} size={{ xs: 12, md: PART_SPANS[part] }}>
            <AddressPartField field={field} readOnly={component.readOnly} />
          </Grid>
        ) : null;
      })}
    </Grid>
  );
}
