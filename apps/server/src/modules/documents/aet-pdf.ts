/**
 * The issued AET as a PDF (domain.md): number/year, type and legal basis, validity, requerente, combination,
 * dimensions and PBTC, cargo, route, conditions, issuing authority and time, and a QR code to the public
 * validation page with its address printed beneath it.
 */
import { formatCnpj, formatCpf, maskCpfForPublic, normalizeCpf } from '@der/contracts';
import QRCode from 'qrcode';
import {
  AET_KIND_LABELS,
  type AetConditions,
  aetValidationUrl,
  formatAetNumber,
  type IssuedAetDocument,
} from './aet-document.ts';
import { COLORS, DocumentLayout } from './pdf-layout.ts';
import type { TableColumn } from './pdf-layout.types.ts';
import { formatDateBr, formatNumberBr } from './pdf-text.ts';

export interface RenderAetOptions {
  /** The address users reach the server at (config.publicUrl); the QR code points to `${publicUrl}/validarAET?uid=…`. */
  publicUrl: string;
  /** LGPD: print a person's CPF masked (`***.982.247-**`), for copies shown on public pages. CNPJs stay whole. */
  maskPersonalData?: boolean;
  /** The PDF will be signed with the department's A1 (ICP-Brasil): only then does it say it is signed. */
  digitallySigned?: boolean;
}

const QR_SIZE = 118;
const KV = { keyWidth: 0.28, size: 9 };

/** `YYYY-MM-DD` → `DD/MM/YYYY`. */
function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

function formatDocument(document: string, mask: boolean): string {
  if (normalizeCpf(document).length === 11 && !/[A-Z]/i.test(document)) {
    return `CPF ${mask ? maskCpfForPublic(document) : formatCpf(document)}`;
  }
  return `CNPJ ${formatCnpj(document)}`;
}

const metres = (value: number) => `${formatNumberBr(value)} m`;
const tonnes = (value: number) => `${formatNumberBr(value)} t`;
const km = (value: number) => formatNumberBr(value, Number.isInteger(value) ? 0 : 1);

/** The conditions as sentences, in the order police check them. */
export function describeConditions(conditions: AetConditions): string[] {
  const lines: string[] = [];
  if (conditions.daylightOnly)
    lines.push('Trânsito permitido somente no período diurno, entre o nascer e o pôr do sol.');
  if (conditions.escort) {
    const { kind, vehicles } = conditions.escort;
    const who = kind === 'policial' ? 'escolta policial' : 'escolta credenciada';
    lines.push(
      `Trânsito obrigatoriamente acompanhado de ${who} (${vehicles} veículo${vehicles === 1 ? '' : 's'}).`,
    );
  }
  if (conditions.bridgesAlone) {
    lines.push(
      'Travessia de pontes e viadutos sem a presença simultânea de outros veículos sobre a obra de arte.',
    );
  }
  if (conditions.centred) lines.push('Travessia de pontes e viadutos centralizada no eixo da pista.');
  if (conditions.maxSpeedKmh !== null) {
    lines.push(`Trânsito em velocidade reduzida, não superior a ${conditions.maxSpeedKmh} km/h.`);
  }
  lines.push(...conditions.other);
  if (lines.length === 0)
    lines.push('Sem condições específicas além das normas gerais de circulação do CTB.');
  return lines;
}

/** The identification block: key data on the left, the QR code on the right, the validation URL beneath. */
async function drawIdentification(
  layout: DocumentLayout,
  aet: IssuedAetDocument,
  url: string,
): Promise<void> {
  const gap = 16;
  const top = layout.y;
  const qrPng = await QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6 });
  const qr = await layout.doc.embedPng(qrPng);
  const page = layout.page;
  page.drawImage(qr, { x: layout.right - QR_SIZE, y: top - QR_SIZE, width: QR_SIZE, height: QR_SIZE });

  layout.table(
    [
      { header: '', width: 0.34 },
      { header: '', width: 0.66 },
    ],
    [
      ['Número', formatAetNumber(aet)],
      ['Tipo', AET_KIND_LABELS[aet.kind]],
      ['Enquadramento', aet.legalFraming],
      ['Fundamento legal', aet.legalBasis],
      ['Validade', `de ${formatDay(aet.validFrom)} a ${formatDay(aet.validUntil)}`],
      ...(aet.protocol ? [['Protocolo', aet.protocol] as [string, string]] : []),
    ],
    { showHeader: false, keyColumn: true, size: 9, width: layout.contentWidth - QR_SIZE - gap },
  );
  // table() leaves 10 points below itself; the URL goes below whichever of table and QR ends lower.
  const bottom = Math.min(layout.y + 10, top - QR_SIZE);

  let size = 8;
  while (size > 5.5 && layout.regular.widthOfTextAtSize(url, size) > layout.contentWidth) size -= 0.5;
  const caption = 'Verifique a autenticidade pelo QR code ou no endereço:';
  const captionSize = 7.5;
  let baseline = bottom - 12;
  page.drawText(caption, {
    x: layout.right - layout.oblique.widthOfTextAtSize(caption, captionSize),
    y: baseline,
    size: captionSize,
    font: layout.oblique,
    color: COLORS.muted,
  });
  baseline -= size + 4;
  const lines = layout.wrap(url, size, layout.contentWidth);
  for (const line of lines) {
    layout.drawLine(page, line, layout.left, baseline, size, COLORS.brand, 'right', layout.contentWidth);
    baseline -= layout.lineHeight(size);
  }
  layout.y = baseline - 4;
}

export async function renderAetPdf(aet: IssuedAetDocument, options: RenderAetOptions): Promise<Uint8Array> {
  const number = formatAetNumber(aet);
  const issuedAt = new Date(aet.issuedAt);
  const url = aetValidationUrl(options.publicUrl, aet.uid);
  const layout = await DocumentLayout.create({
    title: `AET nº ${number}`,
    subject: 'Autorização Especial de Trânsito',
    keywords: ['AET', number],
    headerSubtitle: 'Autorização Especial de Trânsito - AET',
    footerNote: `AET nº ${number} - emitida em ${formatDateBr(issuedAt, true)} - autenticidade verificável pelo QR code`,
    date: issuedAt,
  });

  layout.title(`AUTORIZAÇÃO ESPECIAL DE TRÂNSITO Nº ${number}`);
  await drawIdentification(layout, aet, url);

  layout.heading('1. Requerente');
  layout.keyValueTable(
    [
      ['Nome / razão social', aet.requerente.name],
      ['CPF / CNPJ', formatDocument(aet.requerente.document, options.maskPersonalData === true)],
    ],
    KV,
  );

  layout.heading('2. Veículo ou combinação');
  layout.table(
    [
      { header: 'Nº', width: 0.06, align: 'center' },
      { header: 'Unidade', width: 0.5 },
      { header: 'Placa', width: 0.2 },
      { header: 'RENAVAM', width: 0.24 },
    ],
    aet.combination.map((unit, index) => [String(index + 1), unit.kind, unit.plate, unit.renavam]),
  );

  layout.heading('3. Dimensões e peso autorizados');
  layout.table(
    [
      { header: 'Comprimento total', width: 1, align: 'center' },
      { header: 'Largura', width: 1, align: 'center' },
      { header: 'Altura', width: 1, align: 'center' },
      { header: 'PBTC', width: 1, align: 'center' },
    ],
    [
      [
        metres(aet.dimensions.lengthM),
        metres(aet.dimensions.widthM),
        metres(aet.dimensions.heightM),
        tonnes(aet.pbtcT),
      ],
    ],
  );

  layout.heading('4. Carga');
  layout.keyValueTable(
    [
      ['Descrição', aet.cargo.description],
      ['Carga indivisível', aet.cargo.indivisible ? 'Sim' : 'Não'],
      ['Peso da carga', aet.cargo.weightT === null ? 'Não informado' : tonnes(aet.cargo.weightT)],
      ['Produto perigoso', aet.cargo.unNumber ? `Sim - ONU ${aet.cargo.unNumber}` : 'Não'],
    ],
    KV,
  );

  const routeRows: Array<[string, string]> = [
    ['Origem', aet.route.origin],
    ['Destino', aet.route.destination],
    ['Retorno vazio', aet.route.emptyReturn ? 'Autorizado pelo mesmo percurso' : 'Não incluído'],
  ];
  const segmentColumns: TableColumn[] = [
    { header: 'Rodovia', width: 0.14 },
    { header: 'km inicial', width: 0.13, align: 'right' },
    { header: 'km final', width: 0.13, align: 'right' },
    { header: 'Trecho', width: 0.6 },
  ];
  const segmentRows = aet.route.segments.map((s) => [s.road, km(s.kmStart), km(s.kmEnd), s.segment]);
  const routeTitle = '5. Percurso autorizado';
  // The route is read as one piece: move it to the next page rather than split it, when it fits there.
  layout.keepTogether(
    layout.headingHeight(routeTitle) +
      layout.keyValueHeight(routeRows, KV) +
      layout.tableHeight(segmentColumns, segmentRows),
  );
  layout.heading(routeTitle);
  layout.keyValueTable(routeRows, KV);
  layout.table(segmentColumns, segmentRows);

  layout.heading('6. Condições de trânsito');
  // As runs, so that text given by the analyst is printed literally (never read as **bold** markup).
  layout.bullets(
    describeConditions(aet.conditions).map((text) => [{ text }]),
    { size: 9 },
  );

  layout.heading('7. Emissão');
  layout.keyValueTable(
    [
      ['Autoridade emissora', aet.issuer.authority],
      ...(aet.issuer.officer
        ? [['Responsável', `${aet.issuer.officer.name} - ${aet.issuer.officer.role}`] as [string, string]]
        : []),
      ['Emitida em', `${formatDateBr(issuedAt, true)} (horário de Brasília)`],
    ],
    KV,
  );

  layout.note(
    (options.digitallySigned
      ? 'Documento emitido eletronicamente e assinado digitalmente pelo DER (certificado ICP-Brasil), '
      : 'Documento emitido eletronicamente pelo DER, ') +
      '**verificável digitalmente**: a leitura ' +
      'do QR code, ou o acesso ao endereço impresso sob ele, abre a página pública de validação, que mostra a ' +
      'situação da autorização e o documento autêntico. Confira se placas, dimensões, PBTC e percurso coincidem ' +
      'com os deste documento. Esta AET deve acompanhar o veículo durante todo o percurso e ser apresentada à ' +
      'fiscalização sempre que solicitada; o trânsito em desacordo com ela sujeita o infrator às penalidades do ' +
      'CTB.',
    'Autenticidade',
  );

  return layout.finish();
}
