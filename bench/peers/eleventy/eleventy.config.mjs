// Eleventy's defaults; only the template formats are narrowed to the one JS template.
export default function (eleventyConfig) {
  eleventyConfig.setTemplateFormats(["11ty.js"]);
}
