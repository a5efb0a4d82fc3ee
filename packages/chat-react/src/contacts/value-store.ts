import { Store } from '../core/store.ts';

/** A plain value the UI sets and reads (the open tab, the open profile card, a setting). */
export class ValueStore<T> extends Store<T> {
  put(value: T): void {
    this.set(value);
  }
}

/** The 'show online status' setting (decision 0017), kept in the browser so it survives a reload. */
export class OnlineSetting extends ValueStore<boolean> {
  static readonly KEY = 'parley.showOnlineStatus';

  constructor() {
    super(OnlineSetting.#read());
  }

  static #read(): boolean {
    try {
      return globalThis.localStorage?.getItem(OnlineSetting.KEY) !== 'off';
    } catch {
      return true;
    }
  }

  override put(on: boolean): void {
    try {
      globalThis.localStorage?.setItem(OnlineSetting.KEY, on ? 'on' : 'off');
    } catch {
      // Private mode: the setting lasts for this page only.
    }
    super.put(on);
  }
}
