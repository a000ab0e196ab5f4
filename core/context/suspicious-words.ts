/**
 * The three shapes of an injection in languages that separate words, as word lists
 * (`suspicious-i18n.ts` compiles them). Spanish, Portuguese, French, German and Italian are
 * written without accents, since they are matched against the Latin form of a text (accents
 * dropped, look-alike letters folded); Russian against the NFKC form. Only imperative or
 * second-person wordings with the nouns of a prompt, so that an honest "ignorando encabezado
 * no válido" is left alone.
 */
export interface WordShapes {
  /** Verb, then a qualifier (previous, all, your) and a noun (instructions) in either order. */
  ignore: { verbs: readonly string[]; quals: readonly string[]; nouns: readonly string[] };
  /** Verb … `as` … a label word (root cause, origin, symptom). */
  label: { verbs: readonly string[]; as: string; targets: readonly string[] };
  /** "You are (now) (an) AI / assistant …", fixed phrases (system prompt, new instructions), and a turn that starts with `turn:`. */
  role: { you: readonly string[]; filler: string; nouns: readonly string[]; phrases: readonly string[]; turn: string };
  /** German puts the verb last in the infinitive of a to-do list ("alle vorherigen Anweisungen ignorieren"). */
  verbLast?: { ignore: VerbLast; label: VerbLast };
}

/** Words, then words, then the verb: `first` is what the pattern cannot match without. */
export interface VerbLast {
  first: readonly string[];
  then: readonly string[];
  verbs: readonly string[];
}

export const spanish: WordShapes = {
  ignore: {
    verbs: ['ignora', 'ignore', 'olvida', 'olvide', 'descarta', 'descarte', 'omite', 'omita', 'desestima'],
    quals: ['anteriores', 'previas', 'precedentes', 'todas', 'tus', 'sus'],
    nouns: ['instrucciones', 'indicaciones', 'ordenes', 'directivas', 'reglas', 'mensajes', 'prompts?'],
  },
  label: {
    verbs: [
      'etiqueta',
      'etiquete',
      'marca',
      'marque',
      'clasifica',
      'clasifique',
      'reporta',
      'reporte',
      'trata',
      'trate',
      'considera',
      'considere',
      'senala',
      'identifica',
      'designa',
    ],
    as: 'como',
    targets: ['origen', 'causa[ -]raiz', 'causa principal', 'sintoma'],
  },
  role: {
    you: ['eres', 'usted es'],
    filler: String.raw`(?:ahora\s+)?(?:(?:un|una|el|la)\s+)?`,
    nouns: ['ia', 'asistente', 'modelo', 'modelo de lenguaje', 'inteligencia artificial'],
    phrases: ['como (?:una )?ia', 'prompt del sistema', 'nuevas instrucciones'],
    turn: 'asistente',
  },
};

export const portuguese: WordShapes = {
  ignore: {
    verbs: ['ignore', 'ignora', 'esqueca', 'esquece', 'desconsidere', 'desconsidera', 'descarte', 'descarta'],
    quals: ['anteriores', 'previas', 'precedentes', 'todas', 'suas', 'tuas', 'acima'],
    nouns: ['instrucoes', 'indicacoes', 'ordens', 'diretrizes', 'regras', 'mensagens', 'prompts?'],
  },
  label: {
    verbs: [
      'rotule',
      'rotula',
      'marque',
      'marca',
      'classifique',
      'classifica',
      'reporte',
      'trate',
      'trata',
      'considere',
      'considera',
      'aponte',
      'identifique',
      'designe',
    ],
    as: 'como',
    targets: ['origem', 'causa[ -]raiz', 'causa principal', 'sintoma'],
  },
  role: {
    you: ['voce e', 'tu es'],
    filler: String.raw`(?:agora\s+)?(?:(?:um|uma|o|a)\s+)?`,
    nouns: ['ia', 'assistente', 'modelo', 'modelo de linguagem', 'inteligencia artificial'],
    phrases: ['como (?:uma )?ia', 'prompt do sistema', 'novas instrucoes'],
    turn: 'assistente',
  },
};

export const french: WordShapes = {
  ignore: {
    verbs: [
      'ignore',
      'ignorez',
      'oublie',
      'oubliez',
      'neglige',
      'negligez',
      'ne tiens pas compte',
      'ne tenez pas compte',
      'fais abstraction',
      'faites abstraction',
    ],
    quals: ['precedentes', 'anterieures', 'toutes', 'tes', 'vos', 'ci-dessus'],
    nouns: ['instructions', 'consignes', 'directives', 'regles', 'messages', 'prompts?'],
  },
  label: {
    verbs: [
      'etiquette',
      'etiquetez',
      'marque',
      'marquez',
      'classe',
      'classez',
      'classifie',
      'classifiez',
      'signale',
      'signalez',
      'traite',
      'traitez',
      'considere',
      'considerez',
      'designe',
      'designez',
      'identifie',
      'identifiez',
    ],
    as: 'comme',
    targets: ['origine', 'cause racine', 'cause premiere', 'cause principale', 'symptome'],
  },
  role: {
    you: ['tu es', 'vous etes'],
    filler: String.raw`(?:(?:maintenant|desormais)\s+)?(?:un\s+|une\s+|l'|le\s+|la\s+)?`,
    nouns: ['ia', 'assistant', 'assistante', 'modele', 'modele de langage', 'intelligence artificielle'],
    phrases: ["en tant qu'ia", 'prompt (?:du )?systeme', 'invite (?:du )?systeme', 'nouvelles (?:instructions|consignes)'],
    turn: 'assistante',
  },
};

const germanNouns = ['anweisungen', 'anweisung', 'instruktionen', 'vorgaben', 'regeln', 'befehle', 'prompts?'];
const germanTargets = ['ursprung', 'grundursache', 'hauptursache', 'fehlerursache', 'root[ -]?cause', 'symptom'];
export const german: WordShapes = {
  ignore: {
    verbs: ['ignoriere', 'ignorieren sie', 'vergiss', 'vergessen sie', 'missachte', 'missachten sie', 'verwirf', 'verwerfen sie'],
    quals: ['vorherigen', 'vorigen', 'bisherigen', 'obigen', 'alle', 'deine', 'ihre'],
    nouns: germanNouns,
  },
  label: {
    verbs: [
      'markiere',
      'markieren',
      'kennzeichne',
      'kennzeichnen',
      'klassifiziere',
      'stufe',
      'melde',
      'behandle',
      'bewerte',
      'bezeichne',
      'benenne',
      'betrachte',
    ],
    as: 'als',
    targets: germanTargets,
  },
  role: {
    you: ['du bist', 'sie sind'],
    filler: String.raw`(?:(?:jetzt|nun|ab sofort)\s+)?(?:(?:ein|eine|der|die)\s+)?`,
    nouns: ['ki', 'assistent', 'assistentin', 'modell', 'sprachmodell', 'kunstliche intelligenz'],
    phrases: ['als (?:eine )?ki', 'systemanweisung(?:en)?', 'neue anweisungen'],
    turn: 'assistent',
  },
  verbLast: {
    ignore: {
      first: ['vorherigen', 'vorigen', 'bisherigen', 'obigen', 'alle'],
      then: germanNouns,
      verbs: ['ignorieren', 'vergessen', 'missachten', 'verwerfen'],
    },
    label: {
      first: ['als'],
      then: germanTargets,
      verbs: ['markieren', 'kennzeichnen', 'einstufen', 'klassifizieren', 'melden', 'bezeichnen', 'labeln', 'werten'],
    },
  },
};

export const italian: WordShapes = {
  ignore: {
    verbs: ['ignora', 'ignori', 'ignorate', 'dimentica', 'dimentichi', 'dimenticate', 'trascura', 'trascurate', 'non considerare'],
    quals: ['precedenti', 'tutte', 'tue', 'sue', 'sopra'],
    nouns: ['istruzioni', 'indicazioni', 'direttive', 'regole', 'messaggi', 'prompts?'],
  },
  label: {
    verbs: ['etichetta', 'etichetti', 'marca', 'contrassegna', 'classifica', 'segnala', 'tratta', 'considera', 'identifica', 'designa'],
    as: 'come',
    targets: ['origine', 'causa radice', 'causa principale', 'causa primaria', 'sintomo'],
  },
  role: {
    you: ['sei', 'lei e'],
    filler: String.raw`(?:(?:ora|adesso)\s+)?(?:un\s+|una\s+|un'|l'|il\s+|la\s+)?`,
    nouns: ['ia', 'assistente', 'modello', 'modello linguistico', 'intelligenza artificiale'],
    phrases: ["come (?:un'|una )?ia", 'prompt di sistema', 'nuove istruzioni'],
    turn: 'assistente',
  },
};

const L = String.raw`\p{L}*`;
export const russian: WordShapes = {
  ignore: {
    verbs: [
      'игнорируй(?:те)?',
      'проигнорируй(?:те)?',
      'забудь(?:те)?',
      'отбрось(?:те)?',
      'не обращай(?:те)? внимания на',
      'не учитывай(?:те)?',
      'пренебреги',
    ],
    quals: [`предыдущ${L}`, `прежн${L}`, 'все', 'всё', 'свои', 'твои', 'ваши', `вышеуказанн${L}`, 'выше', 'ранее'],
    nouns: [`инструкци${L}`, `указани${L}`, `правил${L}`, `команд${L}`, `промпт${L}`, `директив${L}`],
  },
  label: {
    verbs: [
      'пометь(?:те)?',
      'отметь(?:те)?',
      'обозначь(?:те)?',
      'классифицируй(?:те)?',
      'укажи(?:те)?',
      'считай(?:те)?',
      'назови(?:те)?',
      'определи(?:те)?',
      'маркируй(?:те)?',
    ],
    as: 'как',
    targets: [
      `первопричин${L}`,
      `корнев${L} причин${L}`,
      `основн${L} причин${L}`,
      `источник${L} (?:сбо|проблем|инцидент|отказ|авари)${L}`,
      `симптом${L}`,
    ],
  },
  role: {
    you: ['ты', 'вы'],
    filler: String.raw`(?:(?:теперь|сейчас)\s+)?(?:[—-]\s*)?`,
    nouns: ['ии', `ассистент${L}`, `помощник${L}`, `языков${L} модел${L}`, `модел${L}`, `искусственн${L} интеллект${L}`, `чат-?бот${L}`],
    phrases: ['как (?:ии|языковая модель)', `системн${L} промпт${L}`, `нов${L} инструкци${L}`],
    turn: 'ассистент',
  },
};
