import { useEffect, useRef, type ReactNode } from 'react';

/**
 * react-admin 5.15 labels its row-selection checkboxes with `aria-label` on MUI's Checkbox, which MUI 9 puts on
 * the wrapping <span> (a prohibited attribute there) and not on the <input>, so the checkboxes have no name and
 * axe reports serious and critical violations. This moves each label onto its input while the table renders
 * (the select-all checkbox of the header gets "Select all"). Remove once react-admin passes slotProps.input.
 */
export function CheckboxLabels({ selectAll, children }: { selectAll: string; children: ReactNode }) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const fix = () => {
      for (const span of element.querySelectorAll<HTMLElement>(
        '.select-item[aria-label], .select-all[aria-label]',
      )) {
        span.querySelector('input')?.setAttribute('aria-label', span.getAttribute('aria-label') ?? '');
        span.removeAttribute('aria-label');
      }
      for (const input of element.querySelectorAll<HTMLInputElement>('thead input[type="checkbox"]')) {
        if (!input.getAttribute('aria-label')) input.setAttribute('aria-label', selectAll);
      }
    };
    fix();
    const observer = new MutationObserver(fix);
    observer.observe(element, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-label'],
    });
    return () => observer.disconnect();
  }, [selectAll]);
  return <div ref={root}>{children}</div>;
}
