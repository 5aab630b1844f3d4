/** The month's customers (name, phone, neighbourhood), the streets they live on, and the reviews they left. */

export const CUSTOMERS: Array<[string, string, string]> = [
  ['Ana Paula Ribeiro', '11991234567', 'Bela Vista'],
  ['Ricardo Mendes', '11992345678', 'Pinheiros'],
  ['Patrícia Gomes', '11993456789', 'Consolação'],
  ['Bruno Carvalho', '11994567890', 'Vila Mariana'],
  ['Camila Rocha', '11995678901', 'Moema'],
  ['Eduardo Martins', '11996789012', 'Centro'],
  ['Letícia Nogueira', '11997890123', 'Bela Vista'],
  ['Gustavo Henrique Alves', '11998901234', 'Pinheiros'],
  ['Fernanda Batista', '11981234567', 'Consolação'],
  ['Thiago Moreira', '11982345678', 'Centro'],
  ['Juliana Freitas', '11983456789', 'Vila Mariana'],
  ['Rodrigo Teixeira', '11984567890', 'Bela Vista'],
  ['Mariana Castro', '11985678901', 'Moema'],
  ['Felipe Araújo', '11986789012', 'Pinheiros'],
  ['Beatriz Cardoso', '11987890123', 'Consolação'],
  ['Lucas Barbosa', '11988901234', 'Centro'],
  ['Aline Pires', '11971234567', 'Bela Vista'],
  ['Diego Fernandes', '11972345678', 'Vila Mariana'],
  ['Renata Duarte', '11973456789', 'Pinheiros'],
  ['Marcelo Vieira', '11974567890', 'Moema'],
  ['Tatiane Lopes', '11975678901', 'Centro'],
  ['André Monteiro', '11976789012', 'Consolação'],
  ['Carolina Mendonça', '11977890123', 'Bela Vista'],
  ['Paulo Sérgio Ramos', '11978901234', 'Vila Mariana'],
];

export const STREETS: Record<string, Array<[string, string]>> = {
  Centro: [
    ['Rua Direita', '01002-000'],
    ['Rua Líbero Badaró', '01009-000'],
  ],
  'Bela Vista': [
    ['Rua Treze de Maio', '01327-000'],
    ['Rua Rui Barbosa', '01326-010'],
  ],
  Consolação: [
    ['Rua Augusta', '01305-000'],
    ['Rua Frei Caneca', '01307-001'],
  ],
  Pinheiros: [
    ['Rua dos Pinheiros', '05422-001'],
    ['Rua Teodoro Sampaio', '05405-000'],
  ],
  'Vila Mariana': [
    ['Rua Domingos de Morais', '04010-100'],
    ['Rua Vergueiro', '04101-000'],
  ],
  Moema: [
    ['Avenida Ibirapuera', '04029-000'],
    ['Alameda dos Maracatins', '04089-001'],
  ],
};

export const REVIEW_TEXTS: Array<[number, string]> = [
  [5, 'Chegou rapidinho e bem quente. A Calabresa é caprichada!'],
  [5, 'Pedimos na mesa pelo QR Code, super prático. Voltaremos!'],
  [4, 'Muito boa, só achei a borda um pouco grossa. O atendimento foi ótimo.'],
  [5, 'A Margherita tem gosto de Itália. Manjericão fresquinho.'],
  [5, 'Melhor pizzaria do bairro, pedimos toda sexta.'],
  [4, 'Entrega no prazo e o Petit Gâteau veio perfeito.'],
  [3, 'Pizza gostosa, mas demorou mais que o previsto num sábado à noite.'],
  [5, 'Meio Frango com Catupiry, meio Portuguesa: combinação perfeita.'],
  [5, 'Preço justo e muito sabor. O PIX no pedido facilitou muito.'],
  [4, 'Retirei no balcão, estava pronta na hora combinada.'],
];
