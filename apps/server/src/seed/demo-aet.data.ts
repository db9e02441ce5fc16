import { type DemoRandom, daysFrom, demoChassis, demoPlate, demoRenavam } from './demo-values.ts';

/** Demo values of AET vehicles (component 6) and requests (component 1): plausible pt-BR data of domain.md. */

export interface DemoVehicle {
  title: string;
  data: Record<string, unknown>;
}

const TRACTORS = ['Scania R 540 6x4', 'Volvo FH 540 6x4', 'Mercedes-Benz Actros 2653 6x4', 'DAF XF 530 6x4'];
const TRAILERS = [
  'Randon SR Prancha Rebaixada 3 eixos',
  'Librelato Carrega Tudo 4 eixos',
  'Noma Extensiva 5 eixos',
  'Facchini Porta-Contêiner 3 eixos',
];

/** Vehicles of the carrier's fleet: tractors first, then semi-trailers, dollies, trailers and cranes. */
export function demoVehicles(random: DemoRandom, ownerCnpj: string, count: number): DemoVehicle[] {
  const kinds = [
    'cavaloTrator',
    'semirreboque',
    'cavaloTrator',
    'semirreboque',
    'dolly',
    'reboque',
    'guindaste',
  ];
  return Array.from({ length: count }, (_, index) => {
    const tipoVeiculo = kinds[index % kinds.length]!;
    const placa = demoPlate(random);
    const tractor = tipoVeiculo === 'cavaloTrator';
    const crane = tipoVeiculo === 'guindaste';
    const marcaModelo = tractor
      ? random.pick(TRACTORS)
      : crane
        ? random.pick(['Liebherr LTM 1100-5.2', 'Grove GMK5150L'])
        : tipoVeiculo === 'dolly'
          ? 'Randon Dolly 2 eixos'
          : random.pick(TRAILERS);
    const numeroEixos = tractor ? 3 : crane ? 5 : tipoVeiculo === 'dolly' ? 2 : random.int(3, 5);
    const tara = tractor ? random.decimal(9, 11) : crane ? random.decimal(48, 60) : random.decimal(6, 14);
    return {
      title: `${placa} — ${marcaModelo}`,
      data: {
        placa,
        renavam: demoRenavam(random),
        chassi: demoChassis(random),
        tipoVeiculo,
        marcaModelo,
        anoFabricacao: random.int(2012, 2025),
        numeroEixos,
        tara,
        // A crane's PBT is its tare plus its load (the rule: tare ≤ PBT). The semi-trailers are heavy-haul
        // lowboys and extendables (technical PBT 52–60 t): with any tractor of the fleet (23–26 t) their ΣPBT
        // covers the demo requests' PBTC up to 74 t, which the request's rule PBTC ≤ ΣPBT checks at every save.
        pbt: tractor
          ? random.decimal(23, 26)
          : crane
            ? Number((tara + random.decimal(4, 12)).toFixed(2))
            : tipoVeiculo === 'semirreboque'
              ? random.decimal(52, 60)
              : random.decimal(30, 60),
        ...(tractor ? { cmt: random.pick([74, 100, 120, 150]) } : {}),
        comprimento: tractor ? random.decimal(6.5, 7.5) : random.decimal(12, 22),
        largura: 2.6,
        altura: tractor ? random.decimal(3.4, 3.9) : random.decimal(1, 1.6),
        proprietarioCpfCnpj: ownerCnpj,
      },
    };
  });
}

const ROUTES: ReadonlyArray<{
  origem: string;
  destino: string;
  rodovia: string;
  kmInicial: number;
  kmFinal: number;
}> = [
  { origem: 'Campinas/SP', destino: 'Santos/SP', rodovia: 'SP-348', kmInicial: 92, kmFinal: 12 },
  { origem: 'Sorocaba/SP', destino: 'Bauru/SP', rodovia: 'SP-280', kmInicial: 95, kmFinal: 337 },
  { origem: 'Cubatão/SP', destino: 'Paulínia/SP', rodovia: 'SP-150', kmInicial: 55, kmFinal: 10 },
  { origem: 'Ribeirão Preto/SP', destino: 'Limeira/SP', rodovia: 'SP-330', kmInicial: 312, kmFinal: 146 },
  {
    origem: 'São José dos Campos/SP',
    destino: 'Taubaté/SP',
    rodovia: 'BR-116',
    kmInicial: 150,
    kmFinal: 110,
  },
  { origem: 'Piracicaba/SP', destino: 'São Carlos/SP', rodovia: 'SP-310', kmInicial: 160, kmFinal: 230 },
  { origem: 'Jundiaí/SP', destino: 'Guarulhos/SP', rodovia: 'SP-348', kmInicial: 58, kmFinal: 20 },
  { origem: 'Araraquara/SP', destino: 'Catanduva/SP', rodovia: 'SP-255', kmInicial: 40, kmFinal: 140 },
];

const CARGOS: ReadonlyArray<{
  descricao: string;
  enquadramento: string;
  indivisivel: boolean;
  peso: [number, number];
}> = [
  {
    descricao: 'Transformador de potência 138 kV',
    enquadramento: 'cargaIndivisivel',
    indivisivel: true,
    peso: [60, 95],
  },
  {
    descricao: 'Pá de aerogerador (62 m)',
    enquadramento: 'cargaIndivisivel',
    indivisivel: true,
    peso: [18, 25],
  },
  {
    descricao: 'Escavadeira hidráulica CAT 374F',
    enquadramento: 'cargaIndivisivel',
    indivisivel: true,
    peso: [70, 78],
  },
  {
    descricao: 'Viga pré-moldada de concreto protendido',
    enquadramento: 'cargaIndivisivel',
    indivisivel: true,
    peso: [40, 55],
  },
  {
    descricao: 'Vaso de pressão para refinaria',
    enquadramento: 'cargaIndivisivel',
    indivisivel: true,
    peso: [45, 90],
  },
  { descricao: 'Guindaste autopropelido', enquadramento: 'guindaste', indivisivel: false, peso: [48, 60] },
  {
    descricao: 'Veículos zero-quilômetro (11 unidades)',
    enquadramento: 'cegonha',
    indivisivel: false,
    peso: [20, 30],
  },
  { descricao: 'Contêiner high cube 40 pés', enquadramento: 'conteiner', indivisivel: false, peso: [25, 32] },
  { descricao: 'Grãos a granel (soja)', enquadramento: 'cvc', indivisivel: false, peso: [55, 70] },
];

/** Status of the AET workflow for the n-th demo request: every status appears, most are in progress. */
const AET_STATUSES = [
  'emitida',
  'emAnalise',
  'rascunho',
  'deferida',
  'emAnalise',
  'pendenteCorrecao',
  'emitida',
  'indeferida',
  'emAnalise',
  'emitida',
];

export interface DemoAetRequest {
  title: string;
  status: string;
  /** Index into the tractors and trailers of the fleet (the combination). */
  combination: { tractor: number; trailer: number };
  data: Record<string, unknown>;
}

export function demoAetRequests(
  random: DemoRandom,
  requerente: { name: string; cnpj: string; email: string },
  now: Date,
  count: number,
): DemoAetRequest[] {
  return Array.from({ length: count }, (_, index) => {
    const route = ROUTES[index % ROUTES.length]!;
    const cargo = CARGOS[index % CARGOS.length]!;
    const status = AET_STATUSES[index % AET_STATUSES.length]!;
    const periodo = cargo.enquadramento === 'cvc' || cargo.enquadramento === 'cegonha';
    // Within the limits of the definition's table (limitesAet): a period AET up to 57 t, a car carrier up to
    // 22,40 m, 74 t for every other (25–30 m above 57 t).
    const tare = random.decimal(18, 30, 1);
    const maximum = periodo ? 57 : 74;
    const carga = Math.min(
      random.decimal(cargo.peso[0], cargo.peso[1], 1),
      Number((maximum - tare).toFixed(1)),
    );
    const pbtc = Number((carga + tare).toFixed(1));
    const largura = cargo.indivisivel ? random.decimal(2.6, 5.2) : 2.6;
    const altura = cargo.indivisivel ? random.decimal(4.2, 5.4) : random.decimal(3.9, 4.4);
    const comprimento =
      cargo.enquadramento === 'cegonha'
        ? random.decimal(19.8, 22.4)
        : pbtc > 57
          ? random.decimal(25, 30)
          : random.decimal(19.8, 30);
    // Above these an engineer's report (ART) is required (solicitacao-rules.ts).
    const engineering = pbtc >= 80 || largura > 5 || altura > 5;
    const departureInDays = random.int(-30, 45);
    const issued = status === 'emitida';
    return {
      title: `${cargo.descricao} — ${route.origem} → ${route.destino}`,
      status,
      combination: { tractor: index, trailer: index },
      data: {
        tipoPessoa: 'juridica',
        qualificacaoRequerente: 'transportador',
        requerenteNome: requerente.name,
        requerenteCpfCnpj: requerente.cnpj,
        requerenteEmail: requerente.email,
        requerenteTelefone: '(62) 3251-4400',
        tipoAutorizacao: periodo ? 'periodo' : 'viagemUnica',
        enquadramento: cargo.enquadramento,
        cmtCavalo: Math.max(120, Math.ceil(pbtc)),
        somaPbt: Number((pbtc + random.decimal(5, 20, 1)).toFixed(1)),
        comprimentoTotal: comprimento,
        larguraTotal: largura,
        alturaTotal: altura,
        balancoDianteiro: random.decimal(0.5, 1.5),
        balancoTraseiro: random.decimal(0.5, 3),
        pbtc,
        numeroEixos: random.int(6, 9),
        excedeLargura: largura > 2.6,
        excedeAltura: altura > 4.4,
        excedeComprimento: comprimento > 19.8,
        excedePeso: pbtc > 57,
        ...(engineering
          ? {
              engenheiroNome: 'MARCOS AURÉLIO TEIXEIRA',
              engenheiroCrea: 'CREA-SP 5061234567',
              numeroArt: `2826${String(5_000_000 + index).padStart(10, '0')}`,
            }
          : {}),
        cargaDescricao: cargo.descricao,
        cargaIndivisivel: cargo.indivisivel,
        cargaPerigosa: false,
        cargaPeso: carga,
        embarcador: random.pick([
          'WEG EQUIPAMENTOS ELÉTRICOS S.A.',
          'SIEMENS ENERGY LTDA',
          'VESTAS DO BRASIL',
          'RAÍZEN S.A.',
        ]),
        origem: route.origem,
        destino: route.destino,
        // The route's segments (a segment may run towards lower km); rodovia is computed from the first.
        trechos: [
          {
            rodovia: route.rodovia,
            kmInicial: route.kmInicial,
            kmFinal: route.kmFinal,
            municipio: route.origem.split('/')[0],
          },
        ],
        trajeto: `Saída de ${route.origem} pela ${route.rodovia} (km ${route.kmInicial}) até ${route.destino} (km ${route.kmFinal}), trânsito diurno, com batedor nos trechos urbanos.`,
        retornoVazio: random.chance(0.6),
        dataHoraPartida: daysFrom(now, departureInDays, random.pick([6, 7, 8])),
        ...(issued
          ? {
              dataInicioValidade: daysFrom(now, departureInDays - 1, 0),
              // At most 12 months for a period AET (90 days for a single trip).
              dataFimValidade: daysFrom(now, departureInDays - 1 + (periodo ? 365 : 30), 0),
              numeroAet: `${String(1300 + index).padStart(5, '0')}/2026`,
              condicoesTransito:
                'Trânsito somente entre o nascer e o pôr do sol; travessia de pontes isoladamente, centralizado e em velocidade reduzida.',
            }
          : {}),
        ...(status !== 'rascunho' ? { valorTaxa: random.decimal(120, 980) } : {}),
        ...(['deferida', 'emitida'].includes(status)
          ? { dataPagamento: daysFrom(now, departureInDays - 5, 14) }
          : {}),
        declaracaoVeracidade: true,
      },
    };
  });
}
