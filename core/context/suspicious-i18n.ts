import type { Shape } from './suspicious-patterns.js';
import { french, german, italian, portuguese, russian, spanish, type VerbLast, type WordShapes } from './suspicious-words.js';

/**
 * The three shapes of an injection (ignore earlier instructions; label an entity as the cause;
 * speak as the model or its system prompt) in other languages, compiled to one regular
 * expression per shape and group: Spanish, Portuguese, French, German and Italian against the
 * Latin form of a text; Chinese (simplified and traditional), Japanese, Korean and Russian
 * against the NFKC form.
 */

/**
 * A word list between word edges. The Latin form is ASCII letters but for a few (ß, ø, scripts
 * with no look-alike), so `\b` serves there and keeps the case-insensitive match out of the
 * slower Unicode mode; Cyrillic words need letter classes. CJK scripts do not separate words:
 * their patterns have no edges.
 */
type Words = (list: readonly string[]) => string;
const latinWords: Words = (list) => String.raw`\b(?:${list.join('|')})\b`;
const cyrillicWords: Words = (list) => String.raw`(?<![\p{L}\p{N}])(?:${list.join('|')})(?![\p{L}\p{N}])`;
const GAP = (n: number): string => `[^.\\n。]{0,${n}}`;

/** A turn that starts with the assistant's role name. */
const turn = (name: string): string => String.raw`(?:^|\n)\s*${name}\s*:\s`;

type Patterns = Readonly<Record<Shape, string>>;

function verbLast(words: Words, v: VerbLast): string {
  return `${words(v.first)}${GAP(20)}${words(v.then)}${GAP(20)}${words(v.verbs)}`;
}

function compile(lang: WordShapes, words: Words): Patterns {
  const { ignore: i, label: l, role: r } = lang;
  const ignore = `${words(i.verbs)}${GAP(40)}(?:${words(i.quals)}${GAP(20)}${words(i.nouns)}|${words(i.nouns)}${GAP(20)}${words(i.quals)})`;
  const label = `${words(l.verbs)}${GAP(80)}${words([l.as])}${GAP(20)}${words(l.targets)}`;
  const role = String.raw`${words(r.you)}\s+${r.filler}${words(r.nouns)}|${words(r.phrases)}|${turn(r.turn)}`;
  if (!lang.verbLast) return { ignore, label, role };
  return { ignore: `${ignore}|${verbLast(words, lang.verbLast.ignore)}`, label: `${label}|${verbLast(words, lang.verbLast.label)}`, role };
}

/**
 * Words without which no pattern of a language can match: one cheap test of them spares the
 * full patterns on almost every honest line.
 */
function cues(lang: WordShapes): string[] {
  const last = lang.verbLast ? [...lang.verbLast.ignore.first, ...lang.verbLast.label.first] : [];
  return [...lang.ignore.verbs, lang.label.as, ...lang.role.you, ...lang.role.phrases, lang.role.turn, ...last];
}

const chinese: Patterns = {
  ignore:
    '(?:忽略|忽视|忽視|无视|無視|不要理会|不要理會|不理会|不理會|别管|別管|忘记|忘記|忘掉|丢弃|丟棄|抛开|拋開)掉?你?(?:之前|先前|以前|此前|上面|上述|以上|前面|前述|所有|全部|一切|原有|原来|原來)的?(?:所有|全部|一切)?的?(?:系统|系統)?(?:指令|指示|提示词|提示詞|规则|規則|说明|說明|命令)',
  label:
    '(?:(?:标记|標記|标注|標註|标识|標識|标|標|判定|认定|認定|归类|歸類|视|視|列|定|报告|報告|识别|識別|确定|確定)(?:为|為|成)|当作|當作|当成|當成|视作|視作)是?(?:根因|根本原因|根源|故障源|故障根源|问题根源|問題根源|源头|源頭|症状|症狀)',
  role: String.raw`你(?:现在|現在|从现在起|從現在起)?(?:是|扮演|作为|作為)(?:一个|一個|一名|一位)?(?:ai|人工智能|助手|助理|语言模型|語言模型|大模型|模型|聊天机器人|聊天機器人)|(?:作为|作為)(?:一个|一個)?(?:ai|人工智能|语言模型|語言模型)|系统提示词|系統提示詞|系统提示语|系統提示語|新的指令|新的指示|${turn('(?:助手|助理)')}`,
};

const japanese: Patterns = {
  ignore:
    '(?:以前|前|上記|これまで|先ほど|今まで|すべて|全て|全部|過去|上)の(?:すべての|全ての|全部の)?(?:指示|命令|指令|ルール|プロンプト|規則)(?:は|を|も)?(?:すべて|全て|全部)?(?:無視|忘れ|破棄)',
  label:
    '(?:根本原因|根本的な原因|真因|根因|発生源|起点|症状)(?:として|と)(?:ラベル|マーク|分類|報告|扱|判定|認定|記録|特定|指定|判断|みな)',
  role: String.raw`(?:あなた|君|貴方)は(?:今から|これから|いまから|今)?(?:ai|アシスタント|人工知能|言語モデル|モデル|チャットボット)|aiとして|システムプロンプト|新しい(?:指示|命令)|${turn('アシスタント')}`,
};

const korean: Patterns = {
  ignore:
    '(?:이전|앞의|앞선|위의|모든|기존|지금까지의|이전의)\\s*(?:모든\\s*)?(?:지시|지침|명령|규칙|프롬프트|지시사항|명령어)(?:을|를|은|는|들을|들은)?\\s*(?:모두\\s*|전부\\s*)?(?:무시|잊어|잊고)',
  label: '(?:근본\\s*원인|근원|원인\\s*지점|증상|발원지)(?:으로|로)\\s*(?:표시|라벨|레이블|분류|보고|지정|간주|판정|판단|처리|마킹)',
  role: String.raw`(?:당신은|너는|넌)\s*(?:이제\s*|지금부터\s*)?(?:ai|어시스턴트|비서|모델|언어\s*모델|인공지능|챗봇)|ai로서|시스템\s*프롬프트|새로운\s*(?:지시|지침)|${turn('어시스턴트')}`,
};

/** Languages by the form they are matched against; the codes are what the tests and docs name. */
const latinLanguages = { es: spanish, pt: portuguese, fr: french, de: german, it: italian };
const nativeLanguages: Readonly<Record<string, Patterns>> = {
  zh: chinese,
  ja: japanese,
  ko: korean,
  ru: compile(russian, cyrillicWords),
};
export const LANGUAGES = [...Object.keys(latinLanguages), ...Object.keys(nativeLanguages)];

function combine(languages: readonly Patterns[], flags: 'i' | 'iu'): Readonly<Record<Shape, RegExp>> {
  const of = (shape: Shape): RegExp => new RegExp(languages.map((p) => `(?:${p[shape]})`).join('|'), flags);
  return { ignore: of('ignore'), label: of('label'), role: of('role') };
}

export interface LanguageMatcher {
  /** Whether the text holds a word the patterns need; when false no shape can match. */
  cue: RegExp | null;
  shapes: Readonly<Record<Shape, RegExp>>;
}

export const latinMatcher: LanguageMatcher = {
  cue: new RegExp(latinWords(Object.values(latinLanguages).flatMap(cues)), 'i'),
  shapes: combine(
    Object.values(latinLanguages).map((lang) => compile(lang, latinWords)),
    'i',
  ),
};

export const nativeMatcher: LanguageMatcher = { cue: null, shapes: combine(Object.values(nativeLanguages), 'iu') };
