// The mocked QA build's one mock store, kept in sessionStorage: a reload (or a typed URL) keeps what the session
// did (accounts, bookings, payments, pictures), so flows work end to end; a new tab or "Reset" starts from the
// fixtures again.
import { createMockStore, type MockStore } from '@recell/api/mocks';

const STORE_KEY = 'recell.mock.store';
const UPLOAD_PREFIX = 'recell.mock.upload.';

interface Snapshot extends Omit<MockStore, 'uploads' | 'nextId'> {
  /**
   * 3: every Map and Set of the store is kept (2 lost the IMEIs, marks and learned TACs on a reload, and a held
   * deal's check then failed); 4: the offers, their card authorizations and floors. A session kept by an older
   * build starts from the fixtures.
   */
  version: 4;
  counter: number;
}

// The store's Maps and Sets (passwords, intents, IMEIs, marks, TACs ...) as JSON and back, whichever field holds one.
const keepCollections = (_key: string, value: unknown) =>
  value instanceof Map ? { $map: [...value] } : value instanceof Set ? { $set: [...value] } : value;
const restoreCollections = (_key: string, value: unknown) => {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    if ('$map' in value) return new Map((value as { $map: [unknown, unknown][] }).$map);
    if ('$set' in value) return new Set((value as { $set: unknown[] }).$set);
  }
  return value;
};

export interface SessionStore {
  store: MockStore;
  /** False when the session starts from the fixtures (nothing was kept, or it could not be read). */
  restored: boolean;
  /** Writes the store (pictures follow asynchronously; a full storage only loses them). */
  save(): void;
  /** Forgets everything kept (the next page load starts from the fixtures). */
  clear(): void;
}

function readSnapshot(storage: Storage): Snapshot | null {
  try {
    const snapshot = JSON.parse(storage.getItem(STORE_KEY) ?? 'null', restoreCollections) as Snapshot | null;
    return snapshot?.version === 4 ? snapshot : null;
  } catch {
    return null;
  }
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}

function fromBase64(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function readUploads(storage: Storage): Map<string, Blob> {
  const uploads = new Map<string, Blob>();
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (!key?.startsWith(UPLOAD_PREFIX)) continue;
    try {
      const { type, base64 } = JSON.parse(storage.getItem(key) ?? '') as { type: string; base64: string };
      uploads.set(key.slice(UPLOAD_PREFIX.length), new Blob([fromBase64(base64)], { type }));
    } catch {
      // an unreadable picture is left out: its URL answers 404, as a missing upload does
    }
  }
  return uploads;
}

export function openSessionStore(storage: Storage): SessionStore {
  const snapshot = readSnapshot(storage);
  const store = createMockStore();
  let counter = 0;
  if (snapshot) {
    const { version: _version, counter: savedCounter, ...kept } = snapshot;
    Object.assign(store, kept);
    store.uploads = readUploads(storage);
    counter = savedCounter;
  }
  // the store's own counter restarts at 0 on every page load; ids must stay unique across loads
  store.nextId = (prefix) => `${prefix}-mock-${(counter += 1)}`;
  const savedUploads = new Set(store.uploads.keys());

  const saveUploads = () => {
    for (const [name, blob] of store.uploads) {
      if (savedUploads.has(name)) continue;
      savedUploads.add(name);
      void blob.arrayBuffer().then((buffer) => {
        try {
          const base64 = toBase64(new Uint8Array(buffer));
          storage.setItem(UPLOAD_PREFIX + name, JSON.stringify({ type: blob.type, base64 }));
        } catch (error) {
          console.warn(`[mock mode] picture ${name} is not kept across reloads:`, error);
        }
      });
    }
  };

  return {
    store,
    restored: snapshot !== null,
    save() {
      const { uploads: _uploads, nextId: _nextId, ...kept } = store;
      const next: Snapshot = { ...kept, version: 4, counter };
      try {
        storage.setItem(STORE_KEY, JSON.stringify(next, keepCollections));
      } catch (error) {
        console.warn('[mock mode] the mock data could not be kept for the session:', error);
      }
      saveUploads();
    },
    clear() {
      const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
      for (const key of keys)
        if (key === STORE_KEY || key?.startsWith(UPLOAD_PREFIX)) storage.removeItem(key);
    },
  };
}
