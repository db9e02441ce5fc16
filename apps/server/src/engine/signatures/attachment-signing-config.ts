import { type ComponentDefinition, childrenOf, type FormComponent, type Language } from '@der/contracts';

export interface SigningConfig {
  signatureProtocolTemplate: string | null;
  stampTemplate: string | null;
}

function* walk(components: readonly FormComponent[]): Generator<FormComponent> {
  for (const component of components) {
    yield component;
    yield* walk(childrenOf(component));
  }
}

/** The signature protocol and stamp templates of the attachments component keyed `widgetKey`, or null. */
export function signingConfigOf(definition: ComponentDefinition, widgetKey: string): SigningConfig | null {
  for (const form of definition.forms)
    for (const component of walk(form.layout))
      if (component.type === 'attachments' && component.key === widgetKey)
        return {
          signatureProtocolTemplate: component.signatureProtocolTemplate ?? null,
          stampTemplate: component.stampTemplate ?? null,
        };
  return null;
}

/** The stamp when neither the call nor the component gives one (the example). */
export const DEFAULT_STAMP_TEMPLATE: Record<Language, string> = {
  'pt-BR': 'APROVADO — DER — processo nº {{FormattedID}}\nanalista {{ActorName}} — {{DateTime}}',
  en: 'APPROVED — DER — process no. {{FormattedID}}\nanalyst {{ActorName}} — {{DateTime}}',
};

export const DEFAULT_SIGNATURE_REASON: Record<Language, string> = {
  'pt-BR': 'Assinatura digital do documento do item {{FormattedID}}',
  en: 'Digital signature of the document of item {{FormattedID}}',
};

/** The signature's /Location: the coordinates the signer's device gave, else the country. */
export function locationText(
  latitude: number | null | undefined,
  longitude: number | null | undefined,
): string {
  if (typeof latitude === 'number' && typeof longitude === 'number')
    return `Lat ${latitude.toFixed(6)}, Long ${longitude.toFixed(6)}`;
  return 'Brasil';
}
