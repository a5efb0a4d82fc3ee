import { useId } from 'react';
import { Avatar } from '../avatar/avatar.tsx';
import { useT } from '../hooks/use-t.ts';
import { PRESET_AVATARS } from './presets.ts';

interface Option {
  value: string;
  label: string;
  content: React.ReactNode;
  testID: string;
}

/** A row of native radio buttons drawn as tiles (keyboard: Tab to the group, arrows to move). */
function Choice({
  label,
  value,
  options,
  onChange,
  className,
}: {
  label: string;
  value: string;
  options: Option[];
  onChange: (value: string) => void;
  className: string;
}) {
  const name = useId();
  return (
    <fieldset className={className}>
      <legend className="pc-visually-hidden">{label}</legend>
      {options.map((o) => (
        <label key={o.value} className={`${className}__item`} data-checked={value === o.value} data-testid={o.testID}>
          <input
            type="radio"
            className="pc-visually-hidden"
            name={name}
            value={o.value}
            checked={value === o.value}
            onChange={() => onChange(o.value)}
            aria-label={o.label}
          />
          {o.content}
        </label>
      ))}
    </fieldset>
  );
}

/** One of the six preset avatars (seed 001 §2.4). */
export function AvatarPicker({ value, onChange }: { value: string; onChange: (avatar: string) => void }) {
  const t = useT();
  const options = PRESET_AVATARS.map((src, i) => ({
    value: src,
    label: t('contacts.profile.pickAvatar', { n: i + 1 }),
    content: <Avatar id={src} src={src} size={44} />,
    testID: 'avatar-option',
  }));
  return (
    <Choice
      label={t('contacts.profile.avatar')}
      value={value}
      options={options}
      onChange={onChange}
      className="pc-avatars"
    />
  );
}

/** Male or female (seed 001 §2.4). */
export function GenderPicker({ value, onChange }: { value: string; onChange: (gender: string) => void }) {
  const t = useT();
  const options = (['male', 'female'] as const).map((g) => ({
    value: g === 'male' ? 'Gender_Type_Male' : 'Gender_Type_Female',
    label: t(`contacts.profile.${g}`),
    content: t(`contacts.profile.${g}`),
    testID: `gender-${g}`,
  }));
  return (
    <Choice
      label={t('contacts.profile.gender')}
      value={value}
      options={options}
      onChange={onChange}
      className="pc-genders"
    />
  );
}

/** The birthday as a date picker without time (seed 001 §2.4). */
export function BirthdayInput(props: { id: string; value: string; onChange: (value: string) => void; testID: string }) {
  return (
    <input
      id={props.id}
      type="date"
      className="pc-field__input"
      value={props.value}
      min="1900-01-01"
      max="2099-12-31"
      onChange={(e) => props.onChange(e.target.value)}
      data-testid={props.testID}
    />
  );
}
