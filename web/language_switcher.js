// The language picker in the page header: a <select> listing every catalogue language by
// its own name; choosing one switches and remembers it (see i18n.js).

import { currentLanguage, kLanguages, onLanguageChange, setLanguage, t } from './i18n.js';

export function mountLanguageSwitcher(select) {
  const fill = () => {
    select.replaceChildren(...kLanguages.map((lang) => {
      const option = document.createElement('option');
      option.value = lang;
      option.textContent = t(`name.language.${lang}`);
      option.lang = lang;
      return option;
    }));
    select.value = currentLanguage();
  };
  fill();
  onLanguageChange(fill);
  select.addEventListener('change', () => setLanguage(select.value));
}
