import { option } from '../shared/builders.ts';

/** The legal framings of an AET request (domain.md): the options of `enquadramento`, named in the envelope's results. */
export const AET_FRAMING_OPTIONS = [
  option('cvc', 'Combinação de veículos de carga (CVC)', 'Cargo vehicle combination (CVC)'),
  option('cargaIndivisivel', 'Carga indivisível', 'Indivisible load'),
  option('guindaste', 'Guindaste', 'Crane'),
  option('cegonha', 'Transporte de veículos (cegonha)', 'Car carrier'),
  option('conteiner', 'Contêiner acima de 4,60 m', 'Container above 4.60 m'),
  option('outro', 'Outro', 'Other'),
];

/** A rule expression naming the request's framing by its pt-BR text (the criteria's details are pt-BR). */
export const FRAMING_NAME_EXPRESSION = `$lookup(${JSON.stringify(
  Object.fromEntries(AET_FRAMING_OPTIONS.map((framing) => [framing.value, framing.text['pt-BR']])),
)}, enquadramento)`;
