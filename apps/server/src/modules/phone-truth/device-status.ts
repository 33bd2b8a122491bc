// Device status behind one interface: check(imei) -> clean | blocked | unknown, with its source and time. The
// embedded default is ReCell's own registry (admins' marks, upheld stolen-device reports); a provider's HTTP API
// (GSMA Device Check or CheckMEND style) plugs in behind the same interface when DEVICE_CHECK_URL is set. Only the
// verdict and its time are kept; the provider's answer is read for one field and dropped.
import type { components } from '@recell/api';

export type DeviceStatus = components['schemas']['DeviceStatus'];

export interface DeviceStatusSource {
  check(imei: string): Promise<DeviceStatus>;
}

/** ReCell's registry: blocked when an admin's last word on the IMEI is blocked; otherwise clean. */
export function registryDeviceStatus(
  lastMark: (imei: string) => Promise<{ status: 'blocked' | 'clean' } | undefined>,
  now: () => string,
): DeviceStatusSource {
  return {
    async check(imei) {
      const mark = await lastMark(imei);
      return { status: mark?.status === 'blocked' ? 'blocked' : 'clean', source: 'recell', checkedAt: now() };
    },
  };
}

export interface ProviderSettings {
  /** The provider's base URL; the adapter asks GET {url}/devices/{imei}. */
  url: string;
  /** Sent as a bearer token, when set. */
  apiKey?: string;
  timeoutMs: number;
}

/**
 * A provider's HTTP API. It answers GET {url}/devices/{imei} with `{ "blocklisted": true | false, ... }` (the
 * blocklist verdict of GSMA Device Check and CheckMEND, in one boolean); anything else (a timeout, a 5xx, a body
 * without that boolean) is `unknown`: the listing publishes "not checked" and the re-check job asks again.
 */
export function providerDeviceStatus(settings: ProviderSettings, now: () => string): DeviceStatusSource {
  return {
    async check(imei) {
      const unknown: DeviceStatus = { status: 'unknown', source: 'provider' };
      try {
        const response = await fetch(`${settings.url.replace(/\/+$/, '')}/devices/${imei}`, {
          headers: {
            accept: 'application/json',
            ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
          },
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
        if (!response.ok) return unknown;
        const body = (await response.json()) as { blocklisted?: unknown };
        if (typeof body.blocklisted !== 'boolean') return unknown;
        return { status: body.blocklisted ? 'blocked' : 'clean', source: 'provider', checkedAt: now() };
      } catch {
        return unknown;
      }
    },
  };
}

/**
 * The registry first (an admin's block is ReCell's own word and wins), then the provider when one is configured.
 */
export function deviceStatus(
  registry: DeviceStatusSource,
  provider?: DeviceStatusSource,
): DeviceStatusSource {
  return {
    async check(imei) {
      const own = await registry.check(imei);
      if (own.status === 'blocked' || !provider) return own;
      return provider.check(imei);
    },
  };
}
