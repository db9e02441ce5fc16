import type { FormComponent } from '@der/contracts';

/** The props of the component drawn for one kind of the layout tree. */
export interface KindProps<T extends FormComponent['type']> {
  component: Extract<FormComponent, { type: T }>;
}
