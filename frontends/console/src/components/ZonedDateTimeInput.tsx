import { useSettings } from '@user-office/frontend-shared/settings';
import { DateTimeInput, type DateTimeInputProps } from 'react-admin';
import { toZonedInput, zoneOf } from './zoned-dates';

/**
 * A date and time entered in the facility's time zone (the TIMEZONE setting, §9), whatever the browser's: the
 * record's instant is shown as that zone's wall-clock time; the form's `transform` turns what was entered back
 * into an instant with `fromZonedInput`.
 */
export function ZonedDateTimeInput(props: DateTimeInputProps) {
  const zone = zoneOf(useSettings().value('TIMEZONE'));
  return <DateTimeInput {...props} format={(value: unknown) => toZonedInput(value, zone)} />;
}
