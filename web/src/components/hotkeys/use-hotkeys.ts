// Keyboard shortcuts written as 'mod+H': mod is Cmd on macOS and Ctrl elsewhere. (react-hotkeys-hook is
// not among the project's dependencies; this is the little of it the shell needs.) Shortcuts are not
// taken while the user types in a field, so the browser's own editing keys keep working there.
import { useEffect, useRef } from 'react';

export type HotkeyBinding = readonly [hotkey: string, handler: (event: KeyboardEvent) => void];

export function isMacPlatform(): boolean {
  if (typeof navigator === 'undefined') return false;
  const platform =
    (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ??
    navigator.platform ??
    '';
  return /mac|iphone|ipad|ipod/i.test(platform || navigator.userAgent);
}

/** How a hotkey reads on this machine, e.g. 'Ctrl + H' or '⌘ + H'. */
export function hotkeyLabel(hotkey: string): string {
  return hotkey
    .split('+')
    .map((part) => (part.toLowerCase() === 'mod' ? (isMacPlatform() ? '⌘' : 'Ctrl') : part.toUpperCase()))
    .join(' + ');
}

interface ParsedHotkey {
  key: string;
  mod: boolean;
  alt: boolean;
  shift: boolean;
}

function parse(hotkey: string): ParsedHotkey {
  const parts = hotkey.toLowerCase().split('+');
  const key = parts.pop() ?? '';
  return { key, mod: parts.includes('mod'), alt: parts.includes('alt'), shift: parts.includes('shift') };
}

function matches(hotkey: ParsedHotkey, event: KeyboardEvent, mac: boolean): boolean {
  const modPressed = mac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
  if (hotkey.mod !== modPressed || hotkey.alt !== event.altKey || hotkey.shift !== event.shiftKey) return false;
  // event.code keeps letter shortcuts working on non-Latin keyboard layouts.
  return event.key.toLowerCase() === hotkey.key || event.code.toLowerCase() === `key${hotkey.key}`;
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export function useHotkeys(bindings: readonly HotkeyBinding[]): void {
  const latest = useRef(bindings);
  latest.current = bindings;

  useEffect(() => {
    const mac = isMacPlatform();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.repeat || isTyping(event.target)) return;
      for (const [hotkey, handler] of latest.current) {
        if (matches(parse(hotkey), event, mac)) {
          event.preventDefault(); // e.g. Ctrl+H is the browser's history otherwise
          handler(event);
          return;
        }
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
