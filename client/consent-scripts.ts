/**
 * The footer's third-party html item (spec 2.7) is written inside an inert <template
 * data-consent-html> (templates/layout/footer.tsx): nothing in it runs or loads until the
 * visitor consents. Then its content goes into the page; scripts are re-created, since a
 * script parsed into a template never runs when moved. The build already restricts the item
 * (script hosts the partner allows, no inline script, no event handlers); this last step
 * keeps to the same rule, so a page on a host without the CSP still runs nothing else.
 */
export function releaseConsentHtml(root: ParentNode = document): void {
  for (const template of root.querySelectorAll<HTMLTemplateElement>("template[data-consent-html]")) {
    const content = document.importNode(template.content, true);
    for (const element of content.querySelectorAll("*")) {
      for (const { name } of Array.from(element.attributes)) if (/^on/i.test(name)) element.removeAttribute(name);
    }
    for (const inert of content.querySelectorAll("script")) {
      if (!inert.src) {
        inert.remove();
        continue;
      }
      const script = document.createElement("script");
      for (const { name, value } of Array.from(inert.attributes)) script.setAttribute(name, value);
      inert.replaceWith(script);
    }
    template.replaceWith(content);
  }
}
