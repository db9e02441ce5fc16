import { assertNever } from '@der/contracts';
import { DatePicker, DateTimePicker, TimePicker } from '@mui/x-date-pickers';
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DISPLAY_TIME_ZONE } from '../../../format/formatContext.ts';
import { dateTimeFormatOf } from '../../../format/formatDateTime.ts';
import { MAX_FORM_DATE, MIN_FORM_DATE, TIME_STEP_MINUTES } from '../dateBounds.ts';
import { useBoundField } from '../useBoundField.ts';
import type { KindProps } from './kindProps.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

function toPickerValue(value: unknown): Dayjs | null {
  if (typeof value !== 'string' || value === '') return null;
  const instant = dayjs.utc(value);
  return instant.isValid() ? instant : null;
}

/**
 * Spec §9 date chooser: format by type (0 date and time, 1 date, 2 time, 3 custom), a 15-minute time step,
 * dates between 1753 and 9999, shown in America/Sao_Paulo and stored as an ISO UTC instant.
 */
export function DateChooserField({ component }: KindProps<'dateChooser'>) {
  const bound = useBoundField(component);
  if (bound.hidden || !bound.field) return null;
  const { controller, field } = bound;
  const type = field.dateTimeFormatType;
  const common = {
    label: bound.label,
    name: controller.field.name,
    inputRef: controller.field.ref,
    value: toPickerValue(controller.field.value),
    timezone: DISPLAY_TIME_ZONE,
    format: dateTimeFormatOf(type, field.dateTimeFormat),
    readOnly: bound.readOnly,
    // An incomplete date keeps its text in the field and stores an invalid marker the validator reports.
    onChange: (value: Dayjs | null) =>
      controller.field.onChange(value === null ? null : value.isValid() ? value.toISOString() : 'invalid'),
    onClose: controller.field.onBlur,
    slotProps: {
      textField: {
        required: bound.required,
        error: Boolean(bound.errorText),
        helperText: bound.errorText ?? bound.hint,
        fullWidth: true,
        onBlur: controller.field.onBlur,
      },
    },
  };
  const dateBounds = { minDate: MIN_FORM_DATE, maxDate: MAX_FORM_DATE };
  const timeSteps = { minutes: TIME_STEP_MINUTES };
  switch (type) {
    case 0:
    case 3:
      return <DateTimePicker {...common} {...dateBounds} timeSteps={timeSteps} ampm={false} />;
    case 1:
      return <DatePicker {...common} {...dateBounds} />;
    case 2:
      return <TimePicker {...common} timeSteps={timeSteps} ampm={false} />;
    default:
      return assertNever(type);
  }
}
