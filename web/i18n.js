// Message catalogues (web/i18n/{ru,kk,en}.json) and the language choice.
// Every user-visible string of the site comes from here. A key missing from the catalogue
// is a bug: t() then returns a loud "⟦key⟧" marker and records the key (see missingKeys()),
// and tests fail on it; there is deliberately no fallback to another language.
//
// Catalogue values are strings with {name} placeholders, or, for counted phrases, objects
// keyed by Intl.PluralRules categories ({"one": "...", "few": "...", "other": "..."}),
// chosen by the `count` parameter.

export const kLanguages = ['ru', 'kk', 'en'];
const kDefaultLanguage = 'ru'; // the site's first players read Russian
const kStorageKey = 'tengen.language';

let language = kDefaultLanguage;
let catalogue = {};
const missing = new Set();
const listeners = new Set();

// The saved choice, else the first of the browser's languages we speak, else Russian.
export function detectLanguage() {
  let saved = null;
  try { saved = localStorage.getItem(kStorageKey); } catch { /* storage disabled */ }
  if (kLanguages.includes(saved)) return saved;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const primary = String(tag).toLowerCase().split('-')[0];
    if (kLanguages.includes(primary)) return primary;
  }
  return kDefaultLanguage;
}

function catalogueUrl(lang) {
  return new URL(`./i18n/${lang}.json`, import.meta.url);
}

export async function loadCatalogue(lang) {
  const response = await fetch(catalogueUrl(lang));
  if (!response.ok) throw new Error(`cannot load catalogue ${lang}: HTTP ${response.status}`);
  return response.json();
}

// Loads the language's catalogue, translates the document and tells the listeners.
// remember: store the choice (an explicit switch by the player).
export async function setLanguage(lang, { remember = true } = {}) {
  if (!kLanguages.includes(lang)) throw new Error(`unsupported language ${lang}`);
  catalogue = await loadCatalogue(lang);
  language = lang;
  if (remember) {
    try { localStorage.setItem(kStorageKey, lang); } catch { /* storage disabled */ }
  }
  translateDocument();
  for (const listener of listeners) listener(lang);
}

export async function initI18n() {
  await setLanguage(detectLanguage(), { remember: false });
}

export function currentLanguage() { return language; }

export function onLanguageChange(listener) { listeners.add(listener); }

export function missingKeys() { return [...missing]; }

export function t(key, params = {}) {
  let message = catalogue[key];
  if (message === undefined) {
    if (!missing.has(key)) console.error(`i18n: missing key "${key}" in ${language}`);
    missing.add(key);
    document.documentElement.dataset.i18nMissing = [...missing].join(' ');
    return `⟦${key}⟧`;
  }
  if (typeof message === 'object') {
    const category = new Intl.PluralRules(language).select(Number(params.count));
    message = message[category] ?? message.other;
  }
  return message.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

// Fills the document from data attributes:
//   data-i18n="key"                       text content
//   data-i18n-attr="aria-label:key;title:key2"  attributes
export function translateDocument(root = document) {
  document.documentElement.lang = language;
  for (const element of root.querySelectorAll('[data-i18n]')) {
    element.textContent = t(element.dataset.i18n);
  }
  for (const element of root.querySelectorAll('[data-i18n-attr]')) {
    for (const pair of element.dataset.i18nAttr.split(';')) {
      const [attribute, key] = pair.split(':').map((part) => part.trim());
      if (attribute && key) element.setAttribute(attribute, t(key));
    }
  }
}
