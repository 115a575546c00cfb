import { useEffect, useRef } from 'react';

/**
 * react-admin 5.15's row checkbox (SelectRowCheckbox) gives its aria-label to MUI's Checkbox root,
 * which MUI 7 puts on the wrapping <span>: axe flags the span (aria-label on an element with no
 * role) and the unlabelled <input>. Until that is fixed upstream, this moves each row checkbox's
 * label onto its input, inside the element the returned ref is given, as rows come and go.
 */
export function useRowCheckboxLabels<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const relabel = () => {
      for (const span of root.querySelectorAll<HTMLElement>('.select-item[aria-label]')) {
        const input = span.querySelector('input');
        if (!input) continue;
        input.setAttribute('aria-label', span.getAttribute('aria-label') ?? '');
        span.removeAttribute('aria-label');
      }
    };
    relabel();
    const observer = new MutationObserver(relabel);
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] });
    return () => observer.disconnect();
  }, []);
  return ref;
}
