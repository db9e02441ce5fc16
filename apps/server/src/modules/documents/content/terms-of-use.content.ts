/** Text of the portal's "Termos de Uso e Política de Privacidade", version 1. */
import type { Block } from '../pdf-layout.types.ts';

export const TERMS_OF_USE_BLOCKS: Block[] = [
  {
    p:
      'Estes Termos de Uso e Política de Privacidade regem o acesso e a utilização do Portal de Serviços do ' +
      'Departamento de Estradas de Rodagem (DER), por meio do qual são requeridas e emitidas a Autorização ' +
      'Especial de Trânsito (AET) e o Termo de Permissão Especial de Uso (TPEU) da faixa de domínio das ' +
      'rodovias sob jurisdição do DER. Leia-os com atenção: ao criar uma conta ou utilizar o portal, o usuário ' +
      'declara tê-los lido, compreendido e aceitado.',
  },
  { h1: '1. Objeto e aceitação' },
  {
    p:
      '1.1. O portal é o canal oficial e eletrônico do DER para o protocolo, o acompanhamento, o pagamento de ' +
      'taxas e preços públicos e a emissão dos atos administrativos relativos à AET e ao TPEU, bem como para a ' +
      'validação pública desses documentos.',
  },
  {
    p:
      '1.2. O aceite destes termos é condição para o uso das áreas restritas do portal. O aceite é registrado ' +
      'com a data, a hora, a versão dos termos e a identificação do navegador utilizado. Havendo nova versão, ' +
      'o usuário será convidado a aceitá-la no próximo acesso.',
  },
  {
    p:
      '1.3. O uso do portal não dispensa o cumprimento do Código de Trânsito Brasileiro (Lei nº 9.503/1997), das ' +
      'resoluções do CONTRAN, das normas do DER sobre a faixa de domínio e da demais legislação aplicável.',
  },
  { h1: '2. Definições' },
  {
    ul: [
      '**Portal**: o sistema eletrônico do DER acessível pela internet, incluindo o Portal AET e o Portal da ' +
        'Faixa de Domínio.',
      '**Usuário**: a pessoa física que acessa o portal, em nome próprio ou como representante de pessoa ' +
        'jurídica.',
      '**Requerente**: a pessoa física ou jurídica (transportador, embarcador ou despachante) que solicita uma ' +
        'AET.',
      '**Permissionário**: a pessoa física ou jurídica que solicita ou detém um TPEU para ocupar a faixa de ' +
        'domínio.',
      '**AET**: Autorização Especial de Trânsito, concedida a veículo ou combinação de veículos e a carga ' +
        'indivisível que excedam os limites regulamentares, para percurso e período determinados (CTB, art. 101).',
      '**TPEU**: Termo de Permissão Especial de Uso, ato que permite a ocupação da faixa de domínio por redes, ' +
        'acessos, publicidade ou outros usos, por prazo determinado e mediante remuneração ou isenção.',
      '**Faixa de domínio**: a área de terras que compõe a rodovia, com suas pistas, acostamentos, obras de ' +
        'arte, sinalização e faixas laterais de segurança, delimitada pelo DER.',
      '**Credenciais**: o login (e-mail), a senha e, quando habilitado, o segundo fator de autenticação.',
      '**Titular**: a pessoa natural a quem se referem os dados pessoais tratados (LGPD, art. 5º, V).',
      '**Encarregado**: a pessoa indicada pelo DER para atuar como canal de comunicação com os titulares e com ' +
        'a Autoridade Nacional de Proteção de Dados (ANPD).',
    ],
  },
  { h1: '3. Cadastro, conta e credenciais' },
  {
    p:
      '3.1. O cadastro é feito pelo próprio interessado no portal correspondente (AET ou Faixa de Domínio), com ' +
      'informações verdadeiras, completas e atualizadas. A conta só é ativada após a confirmação pelo link ' +
      'enviado ao e-mail informado.',
  },
  {
    p:
      '3.2. A conta é pessoal e intransferível. O usuário é responsável pela guarda e pelo sigilo de suas ' +
      'credenciais e por todos os atos praticados com elas. Senhas não devem ser compartilhadas, anotadas em ' +
      'locais acessíveis a terceiros ou reutilizadas de outros serviços.',
  },
  {
    p:
      '3.3. O DER pode exigir a autenticação em dois fatores, a troca periódica de senha e a verificação ' +
      'humana (captcha) no acesso. Suspeitando de uso indevido, o usuário deve trocar imediatamente a senha e ' +
      'comunicar o DER pelos canais de atendimento.',
  },
  {
    p:
      '3.4. Quem age em nome de pessoa jurídica ou de terceiro declara ter poderes para tanto e deve anexar, ' +
      'quando exigido, procuração ou ato constitutivo que o comprove.',
  },
  {
    p:
      '3.5. O DER pode bloquear ou desativar contas com indícios de fraude, de dados falsos ou de uso em ' +
      'desacordo com estes termos, assegurados o contraditório e a ampla defesa na forma da lei.',
  },
  { h1: '4. Obrigações do usuário' },
  { p: 'Ao utilizar o portal, o usuário obriga-se a:' },
  {
    ul: [
      'prestar informações verídicas e anexar documentos autênticos, sob as penas da lei (Código Penal, arts. ' +
        '297, 298 e 299);',
      'manter atualizados seus dados cadastrais, em especial o e-mail, por onde recebe as comunicações do ' +
        'processo;',
      'acompanhar o andamento de suas solicitações e atender às pendências nos prazos fixados;',
      'utilizar as autorizações e permissões estritamente nos termos, prazos, percursos e condições em que ' +
        'foram concedidas;',
      'não tentar acessar áreas, dados ou contas de terceiros, nem burlar mecanismos de segurança, limites de ' +
        'acesso ou a verificação humana;',
      'não utilizar o portal para fins ilícitos, nem enviar arquivos com código malicioso ou conteúdo alheio ao ' +
        'processo;',
      'não reproduzir, alterar ou falsificar documentos emitidos pelo DER.',
    ],
  },
  { h1: '5. Autorizações digitais (AET e TPEU) e validação por QR code' },
  {
    p:
      '5.1. A AET e o TPEU são emitidos eletronicamente, em PDF assinado digitalmente pelo DER, e têm a mesma ' +
      'validade dos documentos em papel. Cada documento traz um QR code com um código aleatório e exclusivo, ' +
      'distinto do número sequencial do documento.',
  },
  {
    p:
      '5.2. A leitura do QR code, ou o acesso ao endereço impresso sob ele, abre a página pública de validação ' +
      'do DER, que informa a situação do documento (vigente, expirado, suspenso ou cancelado) e exibe o PDF ' +
      'autêntico. A fiscalização de trânsito e qualquer interessado podem conferir, assim, se o documento ' +
      'apresentado corresponde ao emitido.',
  },
  {
    p:
      '5.3. Prevalecem sempre os dados constantes da página de validação. Documento cujo conteúdo divirja do ' +
      'exibido nela, ou cujo QR code não leve ao endereço oficial do DER, deve ser considerado inválido, sem ' +
      'prejuízo das medidas administrativas e penais cabíveis.',
  },
  {
    p:
      '5.4. A AET deve acompanhar o veículo durante todo o percurso, impressa ou em meio digital, e ser ' +
      'apresentada à fiscalização sempre que solicitada. A suspensão ou o cancelamento de um documento é ' +
      'refletido de imediato na página de validação.',
  },
  { h1: '6. Tratamento de dados pessoais (LGPD)' },
  {
    p:
      'O DER trata dados pessoais em conformidade com a Lei Geral de Proteção de Dados Pessoais - LGPD (Lei nº ' +
      '13.709/2018), a Lei de Acesso à Informação (Lei nº 12.527/2011) e a legislação correlata, observando os ' +
      'princípios da finalidade, adequação, necessidade, transparência, segurança e prevenção.',
  },
  { h2: '6.1. Controlador e encarregado' },
  {
    p:
      'O controlador dos dados é o Departamento de Estradas de Rodagem (DER). A identidade e o contato do ' +
      'Encarregado pelo Tratamento de Dados Pessoais são divulgados de forma clara no portal, na seção de ' +
      'privacidade, conforme o art. 41, § 1º, da LGPD; o contato também pode ser feito por correspondência ao ' +
      'protocolo geral do DER, aos cuidados do Encarregado.',
  },
  { h2: '6.2. Dados coletados' },
  {
    ul: [
      '**Identificação**: nome ou razão social, CPF ou CNPJ, RG e órgão expedidor, profissão, estado civil, ' +
        'nacionalidade, nome fantasia, inscrição estadual e atividade, conforme o tipo de cadastro.',
      '**Contato**: e-mail, telefone e endereço.',
      '**Conta**: login, senha (armazenada apenas na forma de resumo criptográfico, nunca em texto legível), ' +
        'configuração do segundo fator e registro do aceite destes termos.',
      '**Dados de veículos e transporte**: placas, RENAVAM, chassi, marca, modelo, ano, pesos, dimensões, ' +
        'certificados de registro (CRLV), carga, percurso e datas de viagem.',
      '**Dados da ocupação da faixa de domínio**: localização, projetos, memoriais, ART e dados do ' +
        'responsável técnico.',
      '**Dados de navegação e segurança**: endereço IP, data e hora de acesso, navegador, ações realizadas e ' +
        'resultados de autenticação.',
    ],
  },
  { h2: '6.3. Finalidades' },
  {
    ul: [
      'identificar o usuário, criar e proteger sua conta;',
      'receber, analisar e decidir os requerimentos de AET e TPEU, calcular e cobrar taxas e preços públicos;',
      'emitir os documentos e permitir sua validação pública;',
      'fiscalizar o cumprimento das autorizações e permissões, inclusive em conjunto com os órgãos de ' +
        'trânsito e as polícias;',
      'comunicar ao usuário o andamento de seus processos;',
      'garantir a segurança do portal, prevenir fraudes e manter trilhas de auditoria;',
      'cumprir obrigações legais, prestar contas a órgãos de controle e produzir estatísticas, de preferência ' +
        'com dados anonimizados.',
    ],
  },
  { h2: '6.4. Bases legais' },
  {
    p:
      'Os dados são tratados para a execução de políticas públicas e o exercício de competências legais do DER ' +
      '(LGPD, arts. 7º, III, e 23), para o cumprimento de obrigação legal ou regulatória (art. 7º, II), para o ' +
      'exercício regular de direitos em processo administrativo ou judicial (art. 7º, VI) e para a prevenção à ' +
      'fraude e a segurança do titular nos processos de identificação e autenticação (art. 11, II, g, quando ' +
      'aplicável). O consentimento não é a base do tratamento necessário aos serviços; quando utilizado para ' +
      'finalidade facultativa, poderá ser revogado a qualquer tempo.',
  },
  { h2: '6.5. Compartilhamento' },
  {
    p:
      'Os dados podem ser compartilhados, na medida do necessário, com órgãos de trânsito e de fiscalização ' +
      '(polícias rodoviárias, DETRAN, DNIT, SENATRAN), instituições arrecadadoras das taxas, órgãos de controle ' +
      '(Tribunal de Contas, Ministério Público, Poder Judiciário) e prestadores de serviço de tecnologia ' +
      'contratados pelo DER, estes obrigados contratualmente a sigilo e à segurança dos dados. O DER não vende ' +
      'nem cede dados pessoais para fins comerciais.',
  },
  { h2: '6.6. Retenção e eliminação' },
  {
    p:
      'Os dados dos processos e documentos emitidos são mantidos pelos prazos da tabela de temporalidade de ' +
      'documentos do DER e da legislação arquivística; os registros de acesso, por no mínimo 6 meses (Marco ' +
      'Civil da Internet, Lei nº 12.965/2014, art. 15) e pelo tempo necessário à auditoria. Findos os prazos, ' +
      'os dados são eliminados ou anonimizados, salvo as hipóteses de conservação do art. 16 da LGPD.',
  },
  { h2: '6.7. Direitos do titular e como exercê-los' },
  {
    p: 'Nos termos do art. 18 da LGPD, o titular pode solicitar ao DER, a qualquer tempo:',
  },
  {
    ul: [
      'confirmação da existência de tratamento e acesso aos seus dados;',
      'correção de dados incompletos, inexatos ou desatualizados - a maior parte pode ser corrigida pelo ' +
        'próprio usuário na página de perfil;',
      'anonimização, bloqueio ou eliminação de dados desnecessários, excessivos ou tratados em desconformidade ' +
        'com a LGPD;',
      'informação sobre as entidades com as quais os dados foram compartilhados;',
      'informação sobre a possibilidade de não fornecer consentimento e suas consequências, e revogação do ' +
        'consentimento, quando for esta a base legal;',
      'revisão de decisões tomadas unicamente com base em tratamento automatizado (art. 20).',
    ],
  },
  {
    p:
      'O pedido é feito ao Encarregado pelos canais indicados no item 6.1, com identificação do titular. O DER ' +
      'responde em até 15 dias, prazo que pode ser prorrogado na forma da lei. A eliminação não alcança dados ' +
      'que o DER deva conservar por obrigação legal ou para o exercício de suas competências. O titular pode ' +
      'também peticionar à Autoridade Nacional de Proteção de Dados (ANPD).',
  },
  { h2: '6.8. Dados exibidos na validação pública' },
  {
    p:
      'A página pública de validação mostra apenas o necessário para conferir a autenticidade do documento. ' +
      'Dados pessoais de pessoas físicas aparecem mascarados (por exemplo, CPF no formato ***.982.247-**), ' +
      'em atenção ao princípio da necessidade.',
  },
  { h2: '6.9. Armazenamento local no navegador' },
  {
    p:
      'O portal guarda no navegador apenas o necessário ao seu funcionamento: a sessão autenticada e as ' +
      'preferências de idioma e de aparência. Não são utilizados cookies de publicidade nem de rastreamento. ' +
      'O componente de verificação humana (captcha), quando habilitado, é fornecido por terceiro e segue a ' +
      'política de privacidade dele.',
  },
  { h1: '7. Segurança, registros (logs) e auditoria' },
  {
    p:
      '7.1. O DER adota medidas técnicas e administrativas para proteger os dados contra acessos não ' +
      'autorizados e situações acidentais ou ilícitas: comunicação cifrada (HTTPS), senhas armazenadas com ' +
      'algoritmo de resumo resistente a ataques, autenticação em dois fatores, controle de acesso por perfil e ' +
      'cópias de segurança.',
  },
  {
    p:
      '7.2. As operações relevantes - acessos, tentativas de acesso, alterações de cadastro, movimentações dos ' +
      'processos, emissões, suspensões e cancelamentos - são registradas em trilha de auditoria com data, hora, ' +
      'usuário e endereço IP. Esses registros são usados para a segurança do portal, a apuração de incidentes ' +
      'e a prestação de contas, e podem ser fornecidos às autoridades competentes na forma da lei.',
  },
  {
    p:
      '7.3. Incidentes de segurança que possam acarretar risco ou dano relevante aos titulares são comunicados ' +
      'à ANPD e aos titulares afetados, conforme o art. 48 da LGPD.',
  },
  { h1: '8. Responsabilidades' },
  {
    p:
      '8.1. O usuário responde, civil, administrativa e penalmente, pela veracidade das informações e ' +
      'documentos que apresenta e pelo uso que faz das autorizações e permissões recebidas.',
  },
  {
    p:
      '8.2. O DER empenha-se em manter o portal disponível e seguro, mas ele pode ser interrompido para ' +
      'manutenção, por falhas técnicas ou por motivos alheios ao seu controle. Os prazos dos processos que ' +
      'vencerem durante indisponibilidade comprovada do portal serão prorrogados para o primeiro dia útil ' +
      'seguinte ao restabelecimento.',
  },
  {
    p:
      '8.3. O DER não responde por danos decorrentes do uso indevido das credenciais pelo usuário, de ' +
      'equipamentos ou conexões do usuário, nem de informações falsas ou incompletas por ele prestadas.',
  },
  { h1: '9. Alterações destes termos' },
  {
    p:
      'Estes termos podem ser atualizados para refletir mudanças legais, regulamentares ou do próprio portal. ' +
      'Cada versão é numerada e datada, e a versão vigente fica sempre disponível para consulta e download. ' +
      'Alterações relevantes são informadas no acesso ao portal e exigem novo aceite para a continuidade do uso ' +
      'das áreas restritas.',
  },
  { h1: '10. Legislação aplicável e foro' },
  {
    p:
      'Estes termos são regidos pela legislação brasileira. Fica eleito o foro da Comarca da Capital do Estado ' +
      'sede do DER para dirimir questões deles decorrentes, ressalvadas as hipóteses de competência absoluta e ' +
      'os direitos do consumidor e do titular de dados previstos em lei. As dúvidas podem ser encaminhadas, ' +
      'antes, aos canais de atendimento do portal.',
  },
];
