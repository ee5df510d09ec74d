/**
 * `/` sends a returning visitor to the home page in the language they chose with the switch
 * (docs/contracts.md "Languages"): a `lang=hi` or `lang=kn` cookie answers 302 to
 * `/hi` or `/kn` (query kept). Never for crawlers (`isbot`), so search engines index the English
 * home page and find the others through its hreflang links; a junk or `en` cookie is ignored.
 * Runs before the page store, which keeps the English `/` for everyone else.
 */
import type { RequestHandler } from "express";
import { isbot } from "isbot";
import { rememberedLang } from "~/i18n/i18n.server";

export const languageHome: RequestHandler = (req, res, next) => {
  if ((req.method !== "GET" && req.method !== "HEAD") || req.path !== "/") return next();
  const lang = rememberedLang(req.headers.cookie);
  if (lang === null || lang === "en" || isbot(req.headers["user-agent"] ?? "")) return next();
  const query = req.originalUrl.includes("?")
    ? req.originalUrl.slice(req.originalUrl.indexOf("?"))
    : "";
  res.setHeader("Cache-Control", "private, no-store");
  res.setHeader("Vary", "Cookie, User-Agent");
  res.redirect(302, `/${lang}${query}`);
};
