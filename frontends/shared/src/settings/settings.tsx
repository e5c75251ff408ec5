import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { formatInTimeZone } from 'date-fns-tz';
import { SettingsDocument } from '../gql/graphql';
import { request } from '../api/graphql-client';

export interface PortalSettings {
  /** setting values by id (empty string when unset) */
  value(id: string): string;
  isEnabled(featureId: string): boolean;
}

const SettingsContext = createContext<PortalSettings | null>(null);

function build(values: Map<string, string>, features: Set<string>): PortalSettings {
  return { value: (id) => values.get(id) ?? '', isEnabled: (id) => features.has(id) };
}

/** Loads getSettings / getFeatures once (public operations) before anything else renders. */
export function SettingsProvider({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const [settings, setSettings] = useState<PortalSettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    request(SettingsDocument)
      .then((data) =>
        setSettings(
          build(
            new Map(data.getSettings.map((s) => [s.id, s.settingsValue])),
            new Set(data.getFeatures.filter((f) => f.isEnabled).map((f) => f.id)),
          ),
        ),
      )
      .catch((e: Error) => setError(e.message));
  }, []);
  if (error) return <div role="alert">{error}</div>;
  if (!settings) return <>{fallback}</>;
  return <SettingsContext.Provider value={settings}>{children}</SettingsContext.Provider>;
}

/** For tests and stories: fixed settings. */
export function StaticSettingsProvider({
  children,
  values = {},
  features = [],
}: {
  children: ReactNode;
  values?: Record<string, string>;
  features?: string[];
}) {
  return (
    <SettingsContext.Provider value={build(new Map(Object.entries(values)), new Set(features))}>
      {children}
    </SettingsContext.Provider>
  );
}

export function useSettings(): PortalSettings {
  const value = useContext(SettingsContext);
  if (!value) throw new Error('useSettings outside SettingsProvider');
  return value;
}

/** Java-style patterns of the settings (dd-MM-yyyy) are date-fns patterns already; "YYYY" is accepted too. */
function pattern(p: string, fallback: string): string {
  return (p || fallback).replace(/YYYY/g, 'yyyy').replace(/DD/g, 'dd');
}

/** Dates with DATE_FORMAT / DATE_TIME_FORMAT in TIMEZONE (§9: default dd-MM-yyyy). */
export function useDateFormat(): {
  date(iso: string | null | undefined): string;
  dateTime(iso: string | null | undefined): string;
} {
  const settings = useSettings();
  const zone = settings.value('TIMEZONE') || Intl.DateTimeFormat().resolvedOptions().timeZone;
  const datePattern = pattern(settings.value('DATE_FORMAT'), 'dd-MM-yyyy');
  const dateTimePattern = pattern(settings.value('DATE_TIME_FORMAT'), 'dd-MM-yyyy HH:mm');
  const fmt = (iso: string | null | undefined, p: string) => {
    if (!iso) return '';
    const d = new Date(iso);
    if (Number.isNaN(d.getTime())) return iso;
    try {
      return formatInTimeZone(d, zone, p);
    } catch {
      return d.toISOString();
    }
  };
  return { date: (iso) => fmt(iso, datePattern), dateTime: (iso) => fmt(iso, dateTimePattern) };
}
