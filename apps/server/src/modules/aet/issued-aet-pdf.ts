import {
  ApplicationDefinitionSchema,
  type ComponentDefinition,
  type FieldDefinition,
  maskCpfForPublic,
  normalizeCpf,
  type PrintLayout,
} from '@der/contracts';
import { AET_DEFINITION } from '@der/definitions';
import { and, eq, isNull } from 'drizzle-orm';
import { runtimeComponents } from '../../engine/definitions/definitions.table.ts';
import { SIGNATURE_SENTENCE } from '../../engine/print-layouts/item-print-source.ts';
import { formatPrintValue } from '../../engine/print-layouts/print-format.ts';
import type { PrintRecord, PrintSource } from '../../engine/print-layouts/print-inputs.ts';
import { getPrintLayoutOrThrow } from '../../engine/print-layouts/print-layout-lookup.ts';
import { renderPrintLayout } from '../../engine/print-layouts/render-print-layout.ts';
import type { Db } from '../../infra/db/database.ts';
import { describeConditions, formatAetNumber, type IssuedAetDocument } from '../documents/aet-document.ts';

/** The AET request component and its print layout 1, the AET (apps/definitions aet/autorizacao-layout.ts). */
const AET_COMPONENT_NAME = 'SolicitacaoAET';
const AET_PRINT_LAYOUT_ID = 1;

let shipped: { request: ComponentDefinition; vehicle: ComponentDefinition } | null = null;

/** The shipped AET definition, parsed once: used when the database has no AET application installed. */
function shippedAet() {
  if (!shipped) {
    const definition = ApplicationDefinitionSchema.parse(AET_DEFINITION);
    const request = definition.components.find((component) => component.name === AET_COMPONENT_NAME);
    const vehicle = definition.components.find((component) => component.name === 'Veiculo');
    if (!request || !vehicle)
      throw new Error('the shipped AET definition has no request or vehicle component');
    shipped = { request, vehicle };
  }
  return shipped;
}

async function installedComponent(db: Db, name: string): Promise<ComponentDefinition | null> {
  const [row] = await db
    .select({ definition: runtimeComponents.definition })
    .from(runtimeComponents)
    .where(and(eq(runtimeComponents.name, name), isNull(runtimeComponents.removedAt)))
    .limit(1);
  return row?.definition ?? null;
}

/**
 * The AET layout the department keeps in the AET definition (as edited by its administrators), with the
 * request's and the vehicle's fields; the shipped one when no AET application is installed.
 */
async function aetLayout(db: Db) {
  const request = (await installedComponent(db, AET_COMPONENT_NAME)) ?? shippedAet().request;
  const vehicle = (await installedComponent(db, 'Veiculo')) ?? shippedAet().vehicle;
  return { layout: getPrintLayoutOrThrow(request, AET_PRINT_LAYOUT_ID), request, vehicle };
}

const fieldsOf = (component: ComponentDefinition): ReadonlyMap<string, FieldDefinition> =>
  new Map(component.fields.map((field) => [field.key, field]));

/** LGPD: a person's CPF masked on public copies (`***.982.247-**`); a company's CNPJ stays whole. */
function requerenteDocument(document: string, mask: boolean): string {
  const isCpf = normalizeCpf(document).length === 11 && !/[A-Z]/i.test(document);
  return isCpf && mask ? maskCpfForPublic(document) : document;
}

const km = (value: number) =>
  formatPrintValue({ kind: 'decimal', digits: Number.isInteger(value) ? 0 : 1 }, undefined, value, 'pt-BR');

/**
 * An issued AET (stored at issue time in issued_aets) as the values of the AET request's fields, so the AET
 * definition's print layout draws it: the record of what was issued, not of the request as it is today.
 */
export function issuedAetSource(
  aet: IssuedAetDocument,
  fields: { request: ComponentDefinition; vehicle: ComponentDefinition },
  options: { publicUrl: string; maskPersonalData: boolean; signed: boolean },
): PrintSource {
  const segments = aet.route.segments;
  const values: Record<string, unknown> = {
    numeroAet: formatAetNumber(aet),
    FormattedID: aet.protocol ?? '',
    tipoAutorizacao: aet.kind === 'viagem-unica' ? 'viagemUnica' : 'periodo',
    enquadramento: aet.legalFraming,
    dataInicioValidade: `${aet.validFrom}T12:00:00.000Z`,
    dataFimValidade: `${aet.validUntil}T12:00:00.000Z`,
    requerenteNome: aet.requerente.name,
    requerenteCpfCnpj: requerenteDocument(aet.requerente.document, options.maskPersonalData),
    placaCavalo: aet.combination[0]?.plate ?? '',
    comprimentoTotal: aet.dimensions.lengthM,
    larguraTotal: aet.dimensions.widthM,
    alturaTotal: aet.dimensions.heightM,
    pbtc: aet.pbtcT,
    cargaDescricao: aet.cargo.description,
    cargaIndivisivel: aet.cargo.indivisible,
    cargaPeso: aet.cargo.weightT,
    cargaPerigosa: aet.cargo.unNumber !== null,
    numeroOnu: aet.cargo.unNumber,
    origem: aet.route.origin,
    destino: aet.route.destination,
    rodovia: segments[0]?.road ?? '',
    kmInicial: segments[0]?.kmStart,
    kmFinal: segments.at(-1)?.kmEnd,
    retornoVazio: aet.route.emptyReturn,
    trajeto: segments
      .map(
        (segment) => `${segment.road}, km ${km(segment.kmStart)} a ${km(segment.kmEnd)}: ${segment.segment}`,
      )
      .join('\n'),
    condicoesTransito: describeConditions(aet.conditions)
      .map((sentence) => `• ${sentence}`)
      .join('\n'),
    uidValidacao: aet.uid,
  };
  const vehicleFields = fieldsOf(fields.vehicle);
  const vehicles: PrintRecord[] = aet.combination.map((unit) => ({
    values: { tipoVeiculo: unit.kind, placa: unit.plate, renavam: unit.renavam },
    fields: vehicleFields,
  }));
  const issuedAt = new Date(aet.issuedAt);
  return {
    record: { values, fields: fieldsOf(fields.request) },
    rows: new Map([['composicao', vehicles]]),
    context: {
      publicUrl: options.publicUrl.replace(/\/+$/, ''),
      printedAt: formatPrintValue({ kind: 'date', dateFormatType: 0 }, undefined, issuedAt, 'pt-BR'),
      printedBy: aet.issuer.officer?.name ?? '',
      layoutName: '',
      signature: options.signed ? SIGNATURE_SENTENCE['pt-BR'] : '',
    },
    language: 'pt-BR',
  };
}

/** The issued AET's PDF, drawn by the AET definition's print layout (unsigned: the caller signs it). */
export async function renderIssuedAetPdf(
  db: Db,
  aet: IssuedAetDocument,
  options: { publicUrl: string; maskPersonalData: boolean; signed: boolean },
): Promise<{ pdf: Uint8Array; layout: PrintLayout }> {
  const { layout, request, vehicle } = await aetLayout(db);
  const source = issuedAetSource(aet, { request, vehicle }, options);
  const { pdf } = await renderPrintLayout(layout, source, {
    at: new Date(aet.issuedAt),
    subject: `AET nº ${formatAetNumber(aet)}`,
  });
  return { pdf, layout };
}
