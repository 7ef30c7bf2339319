// The lobby's table settings form: board size, ruleset (from GET /api/rules), komi that
// follows the ruleset until the player edits it, handicap with fixed or free placement where
// the rules allow it, colour, time control and whether the game is rated. fields() gives
// the `create_table` message.
// The same class drives the bot challenge and bot match forms: cloneTableForm() copies the
// create form's fields under another id prefix, restrict() narrows the choices to what a bot
// declares and prefill() starts from the create form's current choices.

import { describeRules, formatNumber, parseDecimal, ruleSpecDetail } from './format.js';
import { t } from './i18n.js';

const kSizes = [9, 13, 19];
const kHandicaps = [0, 2, 3, 4, 5, 6, 7, 8, 9];
const kMinSize = 5;
const kMaxSize = 25;

// Fills `form` with copies of #create-form's fields, put before the form's .buttons, their
// ids renamed from create-* to prefix-*. omit: field names (e.g. 'colour')
// whose labels are left out. Each copied control gets an empty error line (prefix-NAME-error)
// under it, for a server refusal that names the field.
export function cloneTableForm(form, prefix, { omit = [] } = {}) {
  const source = document.getElementById('create-form');
  const fields = [];
  for (const label of source.querySelectorAll(':scope > label')) {
    const control = label.querySelector('input, select');
    const name = control?.id.replace(/^create-/, '');
    if (!control || omit.includes(name)) continue;
    const copy = label.cloneNode(true);
    if (copy.id) copy.id = copy.id.replace(/^create-/, `${prefix}-`);
    for (const element of copy.querySelectorAll('[id]')) {
      element.id = element.id.replace(/^create-/, `${prefix}-`);
    }
    for (const element of copy.querySelectorAll('[aria-describedby]')) {
      element.setAttribute('aria-describedby',
        element.getAttribute('aria-describedby').replace(/^create-/, `${prefix}-`));
    }
    if (!copy.querySelector('.field-error')) {
      const error = document.createElement('span');
      error.className = 'field-error';
      error.id = `${prefix}-${name}-error`;
      error.setAttribute('aria-live', 'polite');
      copy.append(error);
    }
    fields.push(copy);
  }
  form.querySelector(':scope > .buttons').before(...fields);
}

export class TableForm {
  // rules: the body of GET /api/rules. prefix: the ids of the form's controls (prefix-size,
  // ...) and of the form itself (prefix-form). Controls the form lacks (colour, handicap in
  // the bot match form) are left out of fields().
  constructor(rules, { prefix = 'create' } = {}) {
    this.presets_ = new Map(rules.presets.map((preset) => [preset.name, preset]));
    this.defaultRules_ = rules.default;
    this.maxKomi_ = rules.maxKomi;
    this.prefix_ = prefix;
    this.komiEdited_ = false;
    this.mainDaysEdited_ = false;
    this.allowedSizes_ = null; // null: 9, 13, 19 and "other"
    this.form_ = this.element_('form');
    this.size_ = this.element_('size');
    this.sizeOther_ = this.element_('size-other');
    this.rules_ = this.element_('rules');
    this.komi_ = this.element_('komi');
    this.handicap_ = this.element_('handicap');
    this.placement_ = this.element_('placement');
    this.colour_ = this.element_('colour');
    this.time_ = this.element_('time');
    this.rated_ = this.element_('rated');
    this.estimates_ = this.element_('estimates');
    this.fill_();
    this.size_.addEventListener('change', () => this.update_());
    this.rules_.addEventListener('change', () => {
      this.komiEdited_ = false;
      this.update_();
    });
    this.komi_.addEventListener('input', () => {
      this.komiEdited_ = true;
      this.komiError_(false);
    });
    this.komi_.addEventListener('change', () => this.komiError_(Number.isNaN(this.komi())));
    this.handicap_?.addEventListener('change', () => this.update_());
    this.time_.addEventListener('change', () => {
      this.presetDays_();
      this.update_();
    });
    this.element_('main-days')?.addEventListener('input', () => { this.mainDaysEdited_ = true; });
    this.update_();
  }

  // The correspondence presets (players-reference 1.2): Fischer 3 days + 1 day per move, at
  // most 7 days; byo-yomi 7 days + 5×1 day. The main time follows the choice until edited.
  presetDays_() {
    const mainDays = this.element_('main-days');
    if (!mainDays || this.mainDaysEdited_) return;
    if (this.time_.value === 'corr-fischer') mainDays.value = '3';
    if (this.time_.value === 'corr-byoyomi') {
      mainDays.value = '7';
      this.element_('periods').value = '5';
    }
  }

  element_(name) {
    return document.getElementById(`${this.prefix_}-${name}`);
  }

  fill_() {
    this.size_.replaceChildren(...kSizes.map((size) => new Option(`${size}×${size}`, size)),
      new Option('', 'other'));
    this.size_.value = '19';
    this.rules_.replaceChildren(...this.allSpecs_().map((spec) => new Option(spec, spec)));
    this.rules_.value = this.defaultRules_;
    this.handicap_?.replaceChildren(...kHandicaps.map((count) =>
      new Option(String(count), count)));
    this.relabel();
  }

  // The site's default spec first, then every preset by its engine name.
  allSpecs_() {
    return [this.defaultRules_, ...[...this.presets_.keys()].filter((name) =>
      name !== this.defaultRules_)];
  }

  // Texts that come from the catalogue but live in generated options.
  relabel() {
    const other = this.size_.querySelector('option[value="other"]');
    if (other) other.textContent = t('create.sizeOtherOption');
    const none = this.handicap_?.querySelector('option[value="0"]');
    if (none) none.textContent = t('create.noHandicap');
    // Options carry the spec as value; players read the ruleset's name, the spec below it.
    for (const option of this.rules_.options) option.textContent = describeRules(option.value);
    this.showSpec_();
    if (!this.komiEdited_) this.showKomi_();
    else if (this.komiMessage_()?.textContent) this.komiError_(true);
  }

  showSpec_() {
    const detail = this.element_('rules-spec');
    if (detail) detail.textContent = ruleSpecDetail(this.rules_.value);
  }

  // The preset's komi, written as the page writes numbers ("7,5" in Russian).
  showKomi_() {
    const preset = this.preset_();
    if (!preset) return;
    const handicap = Number(this.handicap_?.value ?? 0);
    this.komi_.value = formatNumber(handicap > 0 ? preset.handicapKomi : preset.komi);
  }

  komiMessage_() {
    return this.element_('komi-error');
  }

  // A komi that is not a number is said at once, under the field, not after sending.
  komiError_(show) {
    const line = this.komiMessage_();
    this.komi_.setAttribute('aria-invalid', String(show));
    if (line) line.textContent = show ? t('create.komiFormat') : '';
  }

  // The komi typed, with a decimal comma or point; NaN when it is not a number.
  komi() {
    return parseDecimal(this.komi_.value);
  }

  // Narrows the choices to a bot's declaration (the `bots` entries of the lobby message):
  // sizes, rules (preset names), time kinds and maxHandicap; null or a missing
  // field leaves that choice open. The current choices stay where still allowed.
  restrict({ sizes = null, rules = null, time = null, maxHandicap = null } = {}) {
    const size = this.size();
    this.allowedSizes_ = sizes ? sizes.filter((n) => n >= kMinSize && n <= kMaxSize) : null;
    if (this.allowedSizes_) {
      this.size_.replaceChildren(...this.allowedSizes_.map((n) => new Option(`${n}×${n}`, n)));
      this.size_.value = String([size, 19, 9].find((n) => this.allowedSizes_.includes(n)) ??
        this.allowedSizes_[0]);
    } else if (!this.size_.querySelector('option[value="other"]')) {
      this.fill_();
    }
    // A bot declares presets; the server judges a spec by its preset, so the site's specs
    // with overrides ("tromp-taylor suicide=forbidden") stay on offer where the preset does.
    const spec = this.rules_.value;
    const presetOf = (name) => name.trim().split(/\s+/)[0];
    const offered = rules ? this.allSpecs_().filter((name) => rules.includes(presetOf(name))) : [];
    const specs = !rules ? this.allSpecs_() : offered.length ? offered : rules;
    this.rules_.replaceChildren(...specs.map((name) => new Option(describeRules(name), name)));
    this.rules_.value = this.closestSpec_(spec, specs);
    for (const option of this.time_.options) {
      option.disabled = option.hidden = Boolean(time) && !time.includes(option.value);
    }
    if (this.time_.selectedOptions[0]?.disabled) {
      this.time_.value = [...this.time_.options].find((option) => !option.disabled)?.value ?? '';
    }
    for (const option of this.handicap_?.options ?? []) {
      option.disabled = option.hidden = maxHandicap !== null && Number(option.value) > maxHandicap;
    }
    if (this.handicap_?.selectedOptions[0]?.disabled) this.handicap_.value = '0';
    this.relabel();
    this.update_();
  }

  // The spec among `specs` that is `spec` itself or, failing that, its preset.
  closestSpec_(spec, specs) {
    if (specs.includes(spec)) return spec;
    const preset = spec.trim().split(/\s+/)[0];
    return specs.find((name) => name.split(/\s+/)[0] === preset) ?? specs[0] ?? '';
  }

  // Starts from another form's choices (the create form's), as far as this one allows them.
  prefill(other) {
    const size = other.size();
    if (!this.allowedSizes_ || this.allowedSizes_.includes(size)) {
      if (this.size_.querySelector(`option[value="${size}"]`)) this.size_.value = String(size);
      else if (this.size_.querySelector('option[value="other"]')) {
        this.size_.value = 'other';
        this.sizeOther_.value = String(size);
      }
    }
    const specs = [...this.rules_.options].map((option) => option.value);
    const spec = this.closestSpec_(other.rules_.value, specs);
    this.rules_.value = spec;
    const handicap = this.handicap_?.querySelector(`option[value="${other.handicap_?.value}"]`);
    if (handicap && !handicap.disabled) this.handicap_.value = handicap.value;
    if (this.placement_ && other.placement_) this.placement_.value = other.placement_.value;
    if (this.colour_ && other.colour_) this.colour_.value = other.colour_.value;
    if (this.rated_ && other.rated_) this.rated_.checked = other.rated_.checked;
    if (this.estimates_ && other.estimates_) this.estimates_.checked = other.estimates_.checked;
    const time = this.time_.querySelector(`option[value="${other.time_.value}"]`);
    if (time && !time.disabled) this.time_.value = time.value;
    const weekends = this.element_('weekends');
    if (weekends && other.element_('weekends')) weekends.checked = other.element_('weekends').checked;
    for (const name of ['main', 'periods', 'period', 'stones', 'increment', 'max', 'main-days',
      'period-days', 'increment-days', 'max-days']) {
      const mine = this.element_(name);
      const theirs = other.element_(name);
      if (mine && theirs) mine.value = theirs.value;
    }
    // The komi carries over when the player chose it for the same ruleset.
    this.komiEdited_ = other.komiEdited_ && spec === other.rules_.value;
    if (this.komiEdited_) this.komi_.value = other.komi_.value;
    this.update_();
  }

  // The preset a spec starts with ("japanese ko=positional" -> japanese).
  preset_() {
    return this.presets_.get(this.rules_.value.trim().split(/\s+/)[0]) ?? null;
  }

  update_() {
    const otherLabel = this.element_('size-other-label');
    if (otherLabel) otherLabel.hidden = this.size_.value !== 'other';
    const preset = this.preset_();
    const handicap = Number(this.handicap_?.value ?? 0);
    if (!this.komiEdited_ && preset) this.showKomi_();
    this.showSpec_();
    if (this.placement_) {
      const freeAllowed = preset?.freeHandicap !== false;
      const freeOption = this.placement_.querySelector('option[value="free"]');
      freeOption.disabled = !freeAllowed;
      if (!freeAllowed) this.placement_.value = 'fixed';
      this.placement_.disabled = handicap === 0;
    }
    for (const label of this.form_.querySelectorAll('[data-time]')) {
      label.hidden = !label.dataset.time.split(' ').includes(this.time_.value);
    }
  }

  size() {
    return this.size_.value === 'other' ? Number(this.sizeOther_.value) : Number(this.size_.value);
  }

  timeFields_() {
    const number = (name) => Number(this.element_(name).value);
    const main = Math.round(number('main') * 60);
    const days = (name) => Math.round(number(name) * 86400);
    const pauseOnWeekends = Boolean(this.element_('weekends')?.checked);
    switch (this.time_.value) {
      case 'corr-fischer':
        return { kind: 'fischer', mainSeconds: days('main-days'),
          incrementSeconds: days('increment-days'), maxSeconds: days('max-days'), pauseOnWeekends };
      case 'corr-byoyomi':
        return { kind: 'byoyomi', mainSeconds: days('main-days'), periods: number('periods'),
          periodSeconds: days('period-days'), pauseOnWeekends };
      case 'absolute':
        return { kind: 'absolute', mainSeconds: main };
      case 'byoyomi':
        return { kind: 'byoyomi', mainSeconds: main, periods: number('periods'),
          periodSeconds: number('period') };
      case 'canadian':
        return { kind: 'canadian', mainSeconds: main, stones: number('stones'),
          periodSeconds: number('period') };
      case 'fischer':
        return { kind: 'fischer', mainSeconds: main, incrementSeconds: number('increment'),
          maxSeconds: Math.round(number('max') * 60) };
      default:
        return { kind: 'none' };
    }
  }

  // The fields of a create_table request, or {error: message} when an input is out of range.
  fields() {
    const size = this.size();
    if (!Number.isInteger(size) || size < kMinSize || size > kMaxSize) {
      return { error: t('create.badSize') };
    }
    const komi = this.komi();
    if (Number.isNaN(komi)) {
      this.komiError_(true);
      return { error: t('create.komiFormat') };
    }
    if (Math.round(komi * 2) !== komi * 2 || Math.abs(komi) > this.maxKomi_) {
      return { error: t('create.badKomi') };
    }
    const fields = { size, rules: this.rules_.value, komi, time: this.timeFields_() };
    fields.handicap = Number(this.handicap_?.value ?? 0);
    fields.handicapPlacement = this.placement_?.value ?? 'fixed';
    if (this.colour_) fields.colour = this.colour_.value;
    // The server rates only what it can (docs/protocol.md, create_table); the hint says so.
    if (this.rated_) fields.rated = this.rated_.checked;
    // Score estimates during play (docs/protocol.md, "Score estimate"): sent only when allowed.
    if (this.estimates_?.checked) fields.estimates = true;
    return fields;
  }
}
