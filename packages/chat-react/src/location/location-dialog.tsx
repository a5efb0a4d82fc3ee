import * as Dialog from '@radix-ui/react-dialog';
import { LOCATION_LIMITS } from '@parley/protocol';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useT } from '../hooks/use-t.ts';
import { useKit, usePortal } from '../provider/kit-context.ts';
import { locationPortOf } from '../rich/media-port.ts';
import { type LocationErrors, type LocationForm, readLocationForm } from './location-rules.ts';
import { DialogContent } from '../a11y/dialog-content.tsx';

type Locating = 'idle' | 'busy';
const EMPTY: LocationForm = { latitude: '', longitude: '', description: '' };

/** KLOC7: what the browser's geolocation refusal or failure is called. */
function geoProblem(err: GeolocationPositionError | undefined): string {
  if (!err) return 'location.geoUnsupported';
  return err.code === 1 ? 'location.geoDenied' : 'location.geoUnavailable';
}

/**
 * The location button and form (KLOC1, KLOC2, KLOC7): the browser's position fills the coordinates, or they are typed
 * with a description; the form says which field is wrong and sends nothing until all are right.
 */
export function LocationButton({ disabled }: { disabled: boolean }) {
  const kit = useKit();
  const t = useT();
  const portal = usePortal();
  const id = useId();
  const port = locationPortOf(kit.chat);
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<LocationForm>(EMPTY);
  const [errors, setErrors] = useState<LocationErrors>({});
  const [geoError, setGeoError] = useState('');
  const [locating, setLocating] = useState<Locating>('idle');
  useEffect(() => {
    if (open) kit.mapConfig.want();
  }, [open, kit]);
  if (!port) return null;

  const reset = () => {
    setForm(EMPTY);
    setErrors({});
    setGeoError('');
    setLocating('idle');
  };
  const locate = () => {
    const geo = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
    if (!geo) {
      setGeoError(geoProblem(undefined));
      return;
    }
    setLocating('busy');
    setGeoError('');
    geo.getCurrentPosition(
      (position) => {
        setLocating('idle');
        setForm((f) => ({
          ...f,
          latitude: position.coords.latitude.toFixed(6),
          longitude: position.coords.longitude.toFixed(6),
        }));
      },
      (err) => {
        setLocating('idle');
        setGeoError(geoProblem(err));
      },
      { enableHighAccuracy: false, timeout: 30_000, maximumAge: 60_000 },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readLocationForm(form);
    if ('errors' in read) {
      setErrors(read.errors);
      return;
    }
    kit.messages.sendText('', (base) => port.createLocationMessage({ ...base, payload: read.payload }));
    setOpen(false);
    reset();
  };
  const field = (name: keyof LocationForm, extra: Record<string, unknown> = {}) => {
    const error = errors[name];
    return (
      <label className="pc-field" htmlFor={`${id}-${name}`}>
        <span className="pc-field__label">{t(`location.${name}`)}</span>
        <input
          id={`${id}-${name}`}
          className="pc-field__input"
          value={form[name]}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setForm((f) => ({ ...f, [name]: value }));
            setErrors((all) => ({ ...all, [name]: undefined }));
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${name}-error` : undefined}
          data-testid={`location-${name}`}
          {...extra}
        />
        {error ? (
          <span id={`${id}-${name}-error`} className="pc-field__error" role="alert">
            {t(error, { max: LOCATION_LIMITS.descriptionMax })}
          </span>
        ) : null}
      </label>
    );
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <Dialog.Trigger asChild>
        <button type="button" className="pc-plugins__button" disabled={disabled} data-testid="plugin-location">
          {t('location.button')}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal container={portal}>
        <Dialog.Overlay className="pc-overlay" />
        <DialogContent className="pc-dialog pc-dialog--small" aria-describedby={undefined}>
          <Dialog.Title className="pc-dialog__title">{t('location.title')}</Dialog.Title>
          <form className="pc-location-form" onSubmit={submit} noValidate>
            <button
              type="button"
              className="pc-button"
              onClick={locate}
              disabled={locating === 'busy'}
              data-testid="location-current"
            >
              {locating === 'busy' ? t('location.locating') : t('location.useCurrent')}
            </button>
            {geoError ? (
              <p className="pc-field__error" role="alert">
                {t(geoError)}
              </p>
            ) : null}
            <div className="pc-location-form__coords">
              {field('latitude', { inputMode: 'decimal', placeholder: '22.54', autoComplete: 'off' })}
              {field('longitude', { inputMode: 'decimal', placeholder: '113.94', autoComplete: 'off' })}
            </div>
            {field('description', { placeholder: t('location.descriptionPlaceholder'), autoComplete: 'off' })}
            <div className="pc-dialog__actions">
              <Dialog.Close asChild>
                <button type="button" className="pc-button">
                  {t('location.cancel')}
                </button>
              </Dialog.Close>
              <button type="submit" className="pc-button pc-button--primary" data-testid="location-send">
                {t('location.send')}
              </button>
            </div>
          </form>
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
