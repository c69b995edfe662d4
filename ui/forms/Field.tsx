/**
 * One form control from its domain FieldSpec, with its label, its SPEC §5 error message tied to
 * it (aria-invalid, aria-describedby) and the browser hints (autocomplete, inputmode).
 */
import type { FieldSpec } from '../../domain/formRules.ts';

/** Props of {@link Field}. */
export interface FieldProps {
  field: FieldSpec;
  idPrefix: string;
  value: string | boolean;
  error?: string;
  onChange: (name: string, value: string | boolean) => void;
  /** Options of the location select: value id, text name. */
  locations?: { id: number; name: string }[];
  disabled?: boolean;
  /** The earliest value of a date-time input. */
  min?: string;
  /** Words of the label shown as a link (the finance checkbox's 'Privacy Statement'). */
  labelLink?: { text: string; href: string };
}

const INPUT_TYPES: Partial<Record<FieldSpec['type'], string>> = { email: 'email', phone: 'tel', date: 'datetime-local' };
const AUTOCOMPLETE: Record<string, string> = { name: 'given-name', last_name: 'family-name', email: 'email', phone: 'tel', postcode: 'postal-code' };

/** The element id of a field. */
export function fieldId({ idPrefix, name }: { idPrefix: string; name: string }): string {
  return `${idPrefix}-${name}`;
}

/** One labelled control. */
export function Field({ field, idPrefix, value, error, onChange, locations = [], disabled, min, labelLink }: FieldProps) {
  const id = fieldId({ idPrefix, name: field.name });
  const errorId = `${id}-error`;
  const aria = { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined };
  if (field.type === 'hidden') {
    if (field.name === 'special') {
      // The honeypot: invisible and unreachable for people, tempting for bots.
      return (
        <div className="form-honeypot" aria-hidden="true">
          <label htmlFor={id}>Leave this empty</label>
          <input
            id={id}
            type="text"
            name="special"
            tabIndex={-1}
            autoComplete="off"
            value={String(value)}
            onChange={(e) => onChange('special', e.target.value)}
          />
        </div>
      );
    }
    return <input type="hidden" name={field.name} value={String(value)} />;
  }
  const message = error ? (
    <p className="form-error" id={errorId}>
      {error}
    </p>
  ) : null;
  if (field.type === 'checkbox') {
    return (
      <div className={`form-check${error ? ' has-error' : ''}`}>
        <input
          id={id}
          type="checkbox"
          name={field.name}
          checked={value === true}
          disabled={disabled}
          onChange={(e) => onChange(field.name, e.target.checked)}
          {...aria}
        />
        <label htmlFor={id}>{labelWithLink({ label: field.label, link: labelLink })}</label>
        {message}
      </div>
    );
  }
  const common = { id, name: field.name, disabled, 'aria-required': field.required || undefined, ...aria };
  let control;
  if (field.type === 'select') {
    const options =
      field.name === 'location_id'
        ? locations.map((l) => ({ value: String(l.id), text: l.name }))
        : (field.options ?? []).map((o) => ({ value: o, text: field.optionLabels?.[o] ?? o }));
    control = (
      <select {...common} value={String(value)} onChange={(e) => onChange(field.name, e.target.value)}>
        {field.default === undefined ? <option value="">Please select</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.text}
          </option>
        ))}
      </select>
    );
  } else if (field.type === 'textarea') {
    control = <textarea {...common} rows={4} value={String(value)} onChange={(e) => onChange(field.name, e.target.value)} />;
  } else {
    control = (
      <input
        {...common}
        type={INPUT_TYPES[field.type] ?? 'text'}
        value={String(value)}
        maxLength={field.maxLength}
        min={min}
        autoComplete={AUTOCOMPLETE[field.name]}
        inputMode={
          field.type === 'postcode'
            ? (field.inputMode ?? 'numeric')
            : field.type === 'year' || field.type === 'odometer' || field.type === 'amount'
              ? 'numeric'
              : undefined
        }
        onChange={(e) => onChange(field.name, e.target.value)}
      />
    );
  }
  return (
    <div className={`form-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{field.required ? `${field.label} *` : field.label}</label>
      {control}
      {message}
    </div>
  );
}

/** The label text with `link.text` (where it occurs) as a link. */
function labelWithLink({ label, link }: { label: string; link?: { text: string; href: string } }) {
  const at = link ? label.indexOf(link.text) : -1;
  if (!link || at < 0) return label;
  return (
    <>
      {label.slice(0, at)}
      <a href={link.href}>{link.text}</a>
      {label.slice(at + link.text.length)}
    </>
  );
}
