/**
 * What the demo warehouse is made of: real makes and models sold in Italy (with the years they
 * were built and common engine versions), and the parts a breaker's yard keeps, by category,
 * with plausible weights in kilograms.
 */

/** How a make writes its original part numbers; `#` is a digit, `@` an upper-case letter. */
export interface Make {
  marca: string;
  codePatterns: readonly string[];
  models: readonly { modello: string; from: number; to: number; versioni: readonly string[] }[];
}

export const MAKES: readonly Make[] = [
  {
    marca: 'Fiat',
    codePatterns: ['46######', '51######', '55######', '735######'],
    models: [
      { modello: 'Punto', from: 1999, to: 2018, versioni: ['1.2 8V', '1.4 16V', '1.3 Multijet', '1.9 JTD'] },
      {
        modello: 'Panda',
        from: 2003,
        to: 2024,
        versioni: ['1.1 Active', '1.2 Dynamic', '1.3 Multijet', '0.9 TwinAir'],
      },
      {
        modello: '500',
        from: 2007,
        to: 2024,
        versioni: ['1.2 Lounge', '1.4 16V Sport', '1.3 Multijet', '0.9 TwinAir'],
      },
      { modello: 'Bravo', from: 2007, to: 2014, versioni: ['1.4 T-Jet', '1.6 Multijet', '1.9 Multijet'] },
      {
        modello: 'Doblò',
        from: 2001,
        to: 2022,
        versioni: ['1.3 Multijet', '1.6 Multijet', '1.4 Natural Power'],
      },
    ],
  },
  {
    marca: 'Lancia',
    codePatterns: ['46######', '51######', '735######'],
    models: [
      { modello: 'Ypsilon', from: 2003, to: 2024, versioni: ['1.2 8V Gold', '1.3 Multijet', '0.9 TwinAir'] },
      { modello: 'Musa', from: 2004, to: 2012, versioni: ['1.4 16V', '1.3 Multijet'] },
      { modello: 'Delta', from: 2008, to: 2014, versioni: ['1.4 T-Jet', '1.6 Multijet', '2.0 Multijet'] },
    ],
  },
  {
    marca: 'Alfa Romeo',
    codePatterns: ['50######', '60######', '156######'],
    models: [
      { modello: '147', from: 2000, to: 2010, versioni: ['1.6 Twin Spark', '1.9 JTD', '1.9 JTDm 16V'] },
      { modello: 'Giulietta', from: 2010, to: 2020, versioni: ['1.4 TB MultiAir', '1.6 JTDm', '2.0 JTDm'] },
      { modello: 'MiTo', from: 2008, to: 2018, versioni: ['1.4 78 CV', '1.4 TB MultiAir', '1.3 JTDm'] },
      { modello: '159', from: 2005, to: 2011, versioni: ['1.9 JTDm', '2.4 JTDm', '2.2 JTS'] },
    ],
  },
  {
    marca: 'Volkswagen',
    codePatterns: ['1K0 ### ### @', '5G0 ### ### @@', '6Q0 ### ###', '6R0 ### ### @', '3C0 ### ###'],
    models: [
      { modello: 'Golf', from: 1998, to: 2024, versioni: ['1.4 TSI', '1.6 TDI', '2.0 TDI', '1.9 TDI'] },
      { modello: 'Polo', from: 2002, to: 2024, versioni: ['1.2 60 CV', '1.4 TDI', '1.0 TSI'] },
      { modello: 'Passat', from: 2005, to: 2020, versioni: ['1.9 TDI', '2.0 TDI', '1.4 TSI'] },
    ],
  },
  {
    marca: 'Renault',
    codePatterns: ['8200 ### ###', '7701 ### ###', '######@###R'],
    models: [
      { modello: 'Clio', from: 2001, to: 2024, versioni: ['1.2 16V', '1.5 dCi', '0.9 TCe'] },
      { modello: 'Mégane', from: 2002, to: 2022, versioni: ['1.5 dCi', '1.6 16V', '1.9 dCi'] },
      { modello: 'Twingo', from: 2007, to: 2024, versioni: ['1.2 16V', '1.0 SCe'] },
    ],
  },
  {
    marca: 'Peugeot',
    codePatterns: ['96## ### ###', '98## ### ###', '16## ### ###'],
    models: [
      { modello: '208', from: 2012, to: 2024, versioni: ['1.2 PureTech', '1.6 BlueHDi', '1.4 HDi'] },
      { modello: '207', from: 2006, to: 2014, versioni: ['1.4 VTi', '1.4 HDi', '1.6 HDi'] },
      { modello: '308', from: 2008, to: 2024, versioni: ['1.6 HDi', '1.2 PureTech', '1.5 BlueHDi'] },
    ],
  },
  {
    marca: 'Citroën',
    codePatterns: ['96## ### ###', '98## ### ###'],
    models: [
      { modello: 'C3', from: 2002, to: 2024, versioni: ['1.1 SX', '1.4 HDi', '1.2 PureTech'] },
      { modello: 'C4', from: 2004, to: 2018, versioni: ['1.6 HDi', '1.4 16V'] },
    ],
  },
  {
    marca: 'Ford',
    codePatterns: ['8A61-#####-@@', 'C1BB-#####-@@', 'BM51-#####-@@', 'AV6N-#####-@@'],
    models: [
      { modello: 'Fiesta', from: 2002, to: 2022, versioni: ['1.25 Duratec', '1.4 TDCi', '1.0 EcoBoost'] },
      { modello: 'Focus', from: 2004, to: 2022, versioni: ['1.6 TDCi', '1.6 Ti-VCT', '1.0 EcoBoost'] },
    ],
  },
  {
    marca: 'Opel',
    codePatterns: ['13 ### ###', '55 ### ###', '93 ### ###'],
    models: [
      { modello: 'Corsa', from: 2000, to: 2024, versioni: ['1.0 12V', '1.2 16V', '1.3 CDTI'] },
      { modello: 'Astra', from: 2004, to: 2021, versioni: ['1.4 16V', '1.7 CDTI', '1.6 CDTI'] },
    ],
  },
  {
    marca: 'Toyota',
    codePatterns: ['#####-0D###', '#####-52###', '#####-0H###'],
    models: [
      { modello: 'Yaris', from: 2005, to: 2024, versioni: ['1.0 VVT-i', '1.4 D-4D', '1.5 Hybrid'] },
      { modello: 'Aygo', from: 2005, to: 2022, versioni: ['1.0 VVT-i x-play'] },
    ],
  },
  {
    marca: 'Dacia',
    codePatterns: ['8200 ### ###', '######@###R'],
    models: [{ modello: 'Sandero', from: 2008, to: 2024, versioni: ['1.2 16V', '1.5 dCi', '1.0 TCe GPL'] }],
  },
];

/** A kind of part: its name, weight range (kg) and a note a clerk would add. */
export interface PartKind {
  nome: string;
  peso: readonly [number, number];
  nota: string;
}

export const CATEGORIES: Readonly<Record<string, readonly PartKind[]>> = {
  Carrozzeria: [
    { nome: 'Paraurti anteriore', peso: [3, 6], nota: 'Completo di griglie, attacchi integri' },
    { nome: 'Paraurti posteriore', peso: [3, 5.5], nota: 'Con sensori di parcheggio' },
    { nome: 'Cofano motore', peso: [8, 15], nota: 'Senza ammaccature' },
    { nome: 'Portiera anteriore sinistra', peso: [15, 25], nota: 'Completa di vetro e alzacristallo' },
    { nome: 'Portiera anteriore destra', peso: [15, 25], nota: 'Completa di vetro e alzacristallo' },
    { nome: 'Portellone posteriore', peso: [12, 20], nota: 'Con lunotto termico' },
    { nome: 'Parafango anteriore destro', peso: [1.5, 3], nota: 'Verniciato' },
    { nome: 'Specchietto retrovisore sinistro', peso: [0.8, 1.5], nota: 'Elettrico, riscaldato' },
    { nome: 'Maniglia esterna portiera', peso: [0.1, 0.3], nota: 'Con nottolino' },
  ],
  Motore: [
    { nome: 'Alternatore', peso: [4, 7], nota: 'Testato al banco' },
    { nome: 'Motorino di avviamento', peso: [2.5, 5], nota: 'Testato al banco' },
    { nome: 'Turbocompressore', peso: [5, 9], nota: 'Nessun gioco assiale' },
    { nome: 'Testata', peso: [10, 20], nota: 'Spianata, con valvole' },
    { nome: 'Collettore di aspirazione', peso: [2, 4], nota: 'Con sensori' },
    { nome: 'Pompa carburante', peso: [0.8, 2], nota: 'Completa di galleggiante' },
    { nome: 'Iniettore', peso: [0.1, 0.3], nota: 'Verificato' },
    { nome: 'Corpo farfallato', peso: [0.6, 1.2], nota: 'Pulito' },
  ],
  Elettronica: [
    { nome: 'Centralina motore', peso: [0.4, 1], nota: 'Da riprogrammare con il codice chiave' },
    { nome: 'Quadro strumenti', peso: [0.8, 1.6], nota: 'Chilometri originali' },
    { nome: 'Blocchetto accensione', peso: [0.2, 0.5], nota: 'Con chiave' },
    { nome: 'Centralina ABS', peso: [1.5, 3], nota: 'Con pompa idraulica' },
    { nome: 'Alzacristallo elettrico', peso: [1.5, 2.5], nota: 'Motorino funzionante' },
    { nome: 'Debimetro', peso: [0.2, 0.4], nota: 'Verificato' },
    { nome: 'Bobina di accensione', peso: [0.3, 0.8], nota: 'Verificata' },
  ],
  Sospensioni: [
    { nome: 'Ammortizzatore anteriore', peso: [2, 4], nota: 'Nessuna perdita' },
    { nome: 'Ammortizzatore posteriore', peso: [1.5, 3], nota: 'Nessuna perdita' },
    { nome: 'Molla elicoidale', peso: [1.5, 3], nota: 'Integra' },
    { nome: 'Braccio oscillante', peso: [2, 4], nota: 'Silentblock in buono stato' },
    { nome: 'Montante ruota', peso: [5, 8], nota: 'Con mozzo' },
  ],
  Freni: [
    { nome: 'Pinza freno anteriore', peso: [2.5, 4.5], nota: 'Pistoncino libero' },
    { nome: 'Disco freno anteriore', peso: [4, 8], nota: 'Spessore entro i limiti' },
    { nome: 'Tamburo freno posteriore', peso: [3, 5], nota: 'Con ganasce' },
    { nome: 'Pompa freni', peso: [1, 2], nota: 'Con serbatoio' },
    { nome: 'Servofreno', peso: [2.5, 4], nota: 'Tenuta verificata' },
  ],
  Interni: [
    { nome: 'Sedile anteriore sinistro', peso: [15, 22], nota: 'Tessuto senza strappi' },
    { nome: 'Volante', peso: [1.5, 3], nota: 'Senza airbag' },
    { nome: 'Pannello porta anteriore', peso: [1, 2.5], nota: 'Clip integre' },
    { nome: 'Cruscotto', peso: [8, 15], nota: 'Senza crepe' },
    { nome: 'Cassetto portaoggetti', peso: [0.5, 1.2], nota: 'Chiusura funzionante' },
    { nome: 'Cintura di sicurezza anteriore', peso: [0.8, 1.5], nota: 'Con pretensionatore' },
  ],
  Illuminazione: [
    { nome: 'Faro anteriore sinistro', peso: [1.5, 3.5], nota: 'Completo di lampade, attacchi integri' },
    { nome: 'Faro anteriore destro', peso: [1.5, 3.5], nota: 'Completo di lampade, attacchi integri' },
    { nome: 'Fanale posteriore sinistro', peso: [0.6, 1.5], nota: 'Portalampada incluso' },
    { nome: 'Fanale posteriore destro', peso: [0.6, 1.5], nota: 'Portalampada incluso' },
    { nome: 'Fendinebbia anteriore', peso: [0.3, 0.7], nota: 'Vetro integro' },
    { nome: 'Terzo stop', peso: [0.1, 0.3], nota: 'LED funzionanti' },
  ],
  Trasmissione: [
    { nome: 'Cambio manuale 5 marce', peso: [28, 40], nota: 'Marce che entrano bene' },
    { nome: 'Semiasse anteriore sinistro', peso: [4, 7], nota: 'Cuffie integre' },
    { nome: 'Semiasse anteriore destro', peso: [4, 7], nota: 'Cuffie integre' },
    { nome: 'Kit frizione', peso: [4, 7], nota: 'Disco al 60%' },
    { nome: 'Giunto omocinetico', peso: [1.2, 2.5], nota: 'Nessun gioco' },
  ],
  Raffreddamento: [
    { nome: 'Radiatore acqua', peso: [2, 5], nota: 'Alette dritte, nessuna perdita' },
    { nome: 'Elettroventola', peso: [2, 4], nota: 'Testata' },
    { nome: 'Pompa acqua', peso: [0.8, 2], nota: 'Nessun gioco' },
    { nome: 'Termostato', peso: [0.2, 0.5], nota: 'Con guarnizione' },
    { nome: 'Compressore aria condizionata', peso: [5, 8], nota: 'Frizione elettromagnetica ok' },
  ],
  Scarico: [
    { nome: 'Silenziatore posteriore', peso: [5, 10], nota: 'Senza fori' },
    { nome: 'Catalizzatore', peso: [4, 8], nota: 'Monolite integro' },
    { nome: 'Filtro antiparticolato (DPF)', peso: [6, 10], nota: 'Rigenerato' },
    { nome: 'Sonda lambda', peso: [0.1, 0.3], nota: 'Verificata' },
    { nome: 'Collettore di scarico', peso: [3, 6], nota: 'Senza crepe' },
  ],
};

/** Conditions used by the yard, from best to worst, with how often each occurs. */
export const CONDITIONS: readonly (readonly [string, number, string])[] = [
  ['Ottima', 2, 'Come nuovo.'],
  ['Buona', 4, "Lievi segni d'uso."],
  ['Discreta', 2, 'Graffi superficiali, funzionante.'],
  ['Da revisionare', 1, 'Da controllare prima del montaggio.'],
];

/** Body colours, for the parts where a colour matters. */
export const COLOURS = ['Bianco', 'Nero metallizzato', 'Grigio argento', 'Rosso', 'Blu scuro'] as const;
