/**
 * The data printed on an issued AET (Autorização Especial de Trânsito), domain.md "The issued AET is a PDF".
 * A plain, JSON-safe shape (dates as ISO strings), so it can be stored as is next to the PDF and rendered again.
 */

export type AetKind = 'viagem-unica' | 'periodo';

export const AET_KIND_LABELS: Record<AetKind, string> = {
  'viagem-unica': 'Viagem única',
  periodo: 'Por período',
};

export interface AetCombinationUnit {
  /** What the unit is, e.g. "Caminhão-trator (cavalo mecânico)", "Semirreboque", "Dolly", "Reboque". */
  kind: string;
  /** Old `ABC1234` or Mercosul `ABC1D23`, uppercase without separators. */
  plate: string;
  /** 11 digits. */
  renavam: string;
}

export interface AetRouteSegment {
  /** Road code, e.g. "SP-330". */
  road: string;
  kmStart: number;
  kmEnd: number;
  /** The stretch in words, e.g. "Ribeirão Preto - Campinas". */
  segment: string;
}

export interface AetConditions {
  /** Travel only between sunrise and sunset. */
  daylightOnly: boolean;
  /** Escort vehicles required, or null. */
  escort: { kind: 'credenciada' | 'policial'; vehicles: number } | null;
  /** Bridges and viaducts crossed with no other vehicle on them. */
  bridgesAlone: boolean;
  /** Centred on the carriageway over bridges and viaducts. */
  centred: boolean;
  /** Maximum speed ("trafegar em velocidade reduzida"), or null for the road's limit. */
  maxSpeedKmh: number | null;
  /** Further conditions, one sentence each, printed as given. */
  other: string[];
}

export interface IssuedAetDocument {
  /** Random token (≥ 128 bits) of the QR code; never the sequential number. */
  uid: string;
  /** Sequential number within the year. */
  number: number;
  year: number;
  /** Request protocol number, when there is one. */
  protocol: string | null;
  kind: AetKind;
  /** The legal framing, e.g. "Combinação de Veículos de Carga (CVC) com PBTC superior a 57 t". */
  legalFraming: string;
  /** The legal basis, e.g. "CTB, art. 101; Resolução CONTRAN nº 882/2021". */
  legalBasis: string;
  /** First and last day of validity, `YYYY-MM-DD` (calendar days in America/Sao_Paulo). */
  validFrom: string;
  validUntil: string;
  requerente: {
    name: string;
    /** CPF (11 digits) or CNPJ (14 characters), without punctuation. */
    document: string;
  };
  /** In order: tractor first, then semi-trailers, dollies, trailers. */
  combination: AetCombinationUnit[];
  dimensions: { lengthM: number; widthM: number; heightM: number };
  /** Peso bruto total combinado, in tonnes. */
  pbtcT: number;
  cargo: {
    description: string;
    indivisible: boolean;
    weightT: number | null;
    /** UN number of dangerous goods, or null. */
    unNumber: string | null;
  };
  route: {
    origin: string;
    destination: string;
    segments: AetRouteSegment[];
    emptyReturn: boolean;
  };
  conditions: AetConditions;
  issuer: {
    /** Issuing unit, e.g. "DER - Diretoria de Operações - Divisão de Autorizações Especiais de Trânsito". */
    authority: string;
    /** The officer who signed, when known. */
    officer: { name: string; role: string } | null;
  };
  /** ISO 8601 instant. */
  issuedAt: string;
}

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

/** "001287/2026". */
export function formatAetNumber(aet: Pick<IssuedAetDocument, 'number' | 'year'>): string {
  return `${String(aet.number).padStart(6, '0')}/${aet.year}`;
}

/** The public validation address printed under the QR code; `publicUrl` may end with a slash. */
export function aetValidationUrl(publicUrl: string, uid: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/validarAET?uid=${encodeURIComponent(uid)}`;
}

/** `YYYY-MM-DD` of an instant, in the department's time zone. */
function dayInSaoPaulo(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}

/** Adds years and days to a `YYYY-MM-DD` day (29 February + 1 year rolls over to 1 March). */
function shiftDay(day: string, years: number, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * A realistic demo: a period AET for a 9-axle bitrem (bitrenzão, 74 t PBTC, 25 m) of a grain carrier.
 * The uid must come from the caller (generated at seed time with a CSPRNG), never a constant.
 */
export function buildDemoAet(uid: string, issuedAt: Date): IssuedAetDocument {
  const validFrom = dayInSaoPaulo(issuedAt);
  const year = Number(validFrom.slice(0, 4));
  return {
    uid,
    number: 1287,
    year,
    protocol: `AET-${year}-004512`,
    kind: 'periodo',
    legalFraming: 'Combinação de Veículos de Carga (CVC) - bitrem de 9 eixos com PBTC superior a 57 t',
    legalBasis: 'CTB (Lei nº 9.503/1997), art. 101; Resolução CONTRAN nº 882/2021',
    validFrom,
    validUntil: shiftDay(validFrom, 1, -1),
    requerente: {
      name: 'TRANSLOG CERRADO TRANSPORTES RODOVIÁRIOS LTDA',
      document: '48271653000131',
    },
    combination: [
      { kind: 'Caminhão-trator (cavalo mecânico) 6x4', plate: 'FTR4G21', renavam: '11873455202' },
      { kind: 'Semirreboque graneleiro (1º)', plate: 'BSE2J47', renavam: '11873455385' },
      { kind: 'Semirreboque graneleiro (2º)', plate: 'BSE2J58', renavam: '09852314764' },
    ],
    dimensions: { lengthM: 25, widthM: 2.6, heightM: 4.4 },
    pbtcT: 74,
    cargo: {
      description: 'Soja em grãos, a granel',
      indivisible: false,
      weightT: 48.5,
      unNumber: null,
    },
    route: {
      origin: 'Ribeirão Preto/SP (Distrito Industrial)',
      destination: 'Guarujá/SP (Terminal Portuário)',
      segments: [
        { road: 'SP-330', kmStart: 318, kmEnd: 103, segment: 'Ribeirão Preto - Campinas (Via Anhanguera)' },
        { road: 'SP-348', kmStart: 93, kmEnd: 22, segment: 'Campinas - São Paulo (Rod. dos Bandeirantes)' },
        { road: 'SP-021', kmStart: 22, kmEnd: 70, segment: 'Rodoanel Mário Covas (trecho oeste/sul)' },
        { road: 'SP-150', kmStart: 40, kmEnd: 65, segment: 'Serra do Mar - Cubatão (Via Anchieta)' },
        { road: 'SP-055', kmStart: 248, kmEnd: 250, segment: 'Cubatão - Guarujá (acesso ao terminal)' },
      ],
      emptyReturn: true,
    },
    conditions: {
      daylightOnly: true,
      escort: null,
      bridgesAlone: true,
      centred: false,
      maxSpeedKmh: 60,
      other: [
        'Sinalização traseira com o painel "CARGA LONGA" e luzes de advertência, conforme a Resolução CONTRAN nº 882/2021.',
        'Proibido o trânsito em feriados nacionais e nas vésperas, das 16h às 22h, no trecho de serra da SP-150.',
      ],
    },
    issuer: {
      authority: 'DER - Diretoria de Operações - Divisão de Autorizações Especiais de Trânsito',
      officer: { name: 'Eng. Carla Menezes Albuquerque', role: 'Chefe da Divisão de Autorizações Especiais' },
    },
    issuedAt: issuedAt.toISOString(),
  };
}
