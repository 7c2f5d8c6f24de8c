/**
 * The footer's third-party html item (spec 2.7) is written inside an inert <template
 * data-consent-html> (templates/layout/footer.tsx): nothing in it runs or loads until the
 * visitor consents. Then its content goes into the page; scripts are re-created, since a
 * script parsed into a template never runs when moved.
 */
export function releaseConsentHtml(root: ParentNode = document): void {
  for (const template of root.querySelectorAll<HTMLTemplateElement>("template[data-consent-html]")) {
    const content = document.importNode(template.content, true);
    for (const inert of content.querySelectorAll("script")) {
      const script = document.createElement("script");
      for (const { name, value } of Array.from(inert.attributes)) script.setAttribute(name, value);
      script.text = inert.text;
      inert.replaceWith(script);
    }
    template.replaceWith(content);
  }
}
