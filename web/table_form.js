// The lobby's create-a-table form: board size, ruleset (from GET /api/rules), komi that
// follows the ruleset until the player edits it, handicap with fixed or free placement where
// the rules allow it, colour and time control. fields() gives the `create_table` message.

import { t } from './i18n.js';

const kSizes = [9, 13, 19];
const kHandicaps = [0, 2, 3, 4, 5, 6, 7, 8, 9];

export class TableForm {
  // rules: the body of GET /api/rules.
  constructor(rules) {
    this.presets_ = new Map(rules.presets.map((preset) => [preset.name, preset]));
    this.defaultRules_ = rules.default;
    this.komiEdited_ = false;
    this.size_ = document.getElementById('create-size');
    this.sizeOther_ = document.getElementById('create-size-other');
    this.rules_ = document.getElementById('create-rules');
    this.komi_ = document.getElementById('create-komi');
    this.handicap_ = document.getElementById('create-handicap');
    this.placement_ = document.getElementById('create-placement');
    this.colour_ = document.getElementById('create-colour');
    this.time_ = document.getElementById('create-time');
    this.fill_();
    this.size_.addEventListener('change', () => this.update_());
    this.rules_.addEventListener('change', () => {
      this.komiEdited_ = false;
      this.update_();
    });
    this.komi_.addEventListener('input', () => { this.komiEdited_ = true; });
    this.handicap_.addEventListener('change', () => this.update_());
    this.time_.addEventListener('change', () => this.update_());
    this.update_();
  }

  fill_() {
    this.size_.replaceChildren(...kSizes.map((size) => new Option(`${size}×${size}`, size)),
      new Option('', 'other'));
    this.size_.value = '19';
    // The site's default spec first, then every preset by its engine name.
    const specs = [this.defaultRules_, ...[...this.presets_.keys()].filter((name) =>
      name !== this.defaultRules_)];
    this.rules_.replaceChildren(...specs.map((spec) => new Option(spec, spec)));
    this.rules_.value = this.defaultRules_;
    this.handicap_.replaceChildren(...kHandicaps.map((count) => new Option(String(count), count)));
    this.relabel();
  }

  // Texts that come from the catalogue but live in generated options.
  relabel() {
    this.size_.querySelector('option[value="other"]').textContent = t('create.sizeOtherOption');
    this.handicap_.querySelector('option[value="0"]').textContent = t('create.noHandicap');
  }

  // The preset a spec starts with ("japanese ko=positional" -> japanese).
  preset_() {
    return this.presets_.get(this.rules_.value.trim().split(/\s+/)[0]) ?? null;
  }

  update_() {
    document.getElementById('create-size-other-label').hidden = this.size_.value !== 'other';
    const preset = this.preset_();
    if (!this.komiEdited_ && preset) {
      this.komi_.value = String(Number(this.handicap_.value) > 0 ? 0.5 : preset.komi);
    }
    const freeAllowed = preset?.freeHandicap !== false;
    const freeOption = this.placement_.querySelector('option[value="free"]');
    freeOption.disabled = !freeAllowed;
    if (!freeAllowed) this.placement_.value = 'fixed';
    this.placement_.disabled = Number(this.handicap_.value) === 0;
    for (const label of document.querySelectorAll('#create-form [data-time]')) {
      label.hidden = !label.dataset.time.split(' ').includes(this.time_.value);
    }
  }

  size() {
    return this.size_.value === 'other' ? Number(this.sizeOther_.value) : Number(this.size_.value);
  }

  timeFields_() {
    const number = (id) => Number(document.getElementById(id).value);
    const main = Math.round(number('create-main') * 60);
    switch (this.time_.value) {
      case 'absolute':
        return { kind: 'absolute', mainSeconds: main };
      case 'byoyomi':
        return { kind: 'byoyomi', mainSeconds: main, periods: number('create-periods'),
          periodSeconds: number('create-period') };
      case 'canadian':
        return { kind: 'canadian', mainSeconds: main, stones: number('create-stones'),
          periodSeconds: number('create-period') };
      case 'fischer':
        return { kind: 'fischer', mainSeconds: main, incrementSeconds: number('create-increment'),
          maxSeconds: Math.round(number('create-max') * 60) };
      default:
        return { kind: 'none' };
    }
  }

  // The fields of a create_table request, or {error: message} when an input is out of range.
  fields() {
    const size = this.size();
    if (!Number.isInteger(size) || size < 5 || size > 25) return { error: t('create.badSize') };
    const komi = Number(this.komi_.value);
    if (!Number.isFinite(komi) || Math.round(komi * 2) !== komi * 2 || Math.abs(komi) > 150) {
      return { error: t('create.badKomi') };
    }
    return {
      size,
      rules: this.rules_.value,
      komi,
      handicap: Number(this.handicap_.value),
      handicapPlacement: this.placement_.value,
      colour: this.colour_.value,
      time: this.timeFields_(),
    };
  }
}
