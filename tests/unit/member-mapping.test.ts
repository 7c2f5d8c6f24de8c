import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  LEGACY_PROFILE_STORAGE_KEY,
  PROFILE_STORAGE_KEY,
  REVIEWS_PAGE,
  TICKETS_PAGE,
  WATCHLIST_PAGE,
  memberEventsSite,
  toMemberTicket,
  toMovieInfo,
  toReview,
} from "../../src/model/member.js";

describe("member field mapping (spec 3.1)", () => {
  it("maps MovieInfo from the capitalised server fields", () => {
    expect(
      toMovieInfo({
        Title: "Dune",
        MovieId: 42,
        Edis: ["DXM12345678"],
        Rating: 4.5,
        RatingCount: 12,
        Poster: "https://img/p.jpg",
        link: "/dune",
      }),
    ).toEqual({
      title: "Dune",
      movieId: 42,
      edis: ["DXM12345678"],
      rating: 4.5,
      ratingCount: 12,
      poster: "https://img/p.jpg",
      link: "/dune",
    });
  });

  it("maps a Review, missing fields becoming null", () => {
    expect(
      toReview({
        Id: 7,
        Comment: "Flott!",
        Rating: 5,
        AddedAt: "2026-11-01T10:00:00",
        LikesCount: 3,
        MovieId: 42,
        UserId: "u1",
        UserName: "Kari",
        Image: null,
        IsLiked: true,
      }),
    ).toEqual({
      id: 7,
      comment: "Flott!",
      rating: 5,
      addedAt: "2026-11-01T10:00:00",
      likesCount: 3,
      movieId: 42,
      userId: "u1",
      userName: "Kari",
      image: null,
      isLiked: true,
    });
    expect(toReview({ Id: 8 })).toMatchObject({ id: 8, comment: null, userName: null, isLiked: null });
  });

  it("maps a member ticket: Poster to image, Screen to sal, SeatsInfo to seatsInfo", () => {
    const ticket = toMemberTicket({
      MovieId: 42,
      MovieTitle: "Dune",
      Notes: "Husk 3D-briller",
      QRCode: "QR-123",
      QRUrl: "https://qr.example/123",
      StartTime: "2026-11-20 19:00:00",
      ExpirationDate: "2026-11-20 22:00:00",
      Poster: "https://img/p.jpg",
      Screen: "Sal 3",
      SeatsInfo: {
        Info: "Rad 5, sete 7–8",
        Seats: [
          { Row: 5, Seats: [7, 8] },
          { Row: "6", Seats: "1" },
        ],
      },
    });
    expect(ticket).toEqual({
      movieId: 42,
      movieTitle: "Dune",
      notes: "Husk 3D-briller",
      qrCode: "QR-123",
      qrUrl: "https://qr.example/123",
      startTime: "2026-11-20 19:00:00",
      expirationDate: "2026-11-20 22:00:00",
      image: "https://img/p.jpg",
      sal: "Sal 3",
      seatsInfo: {
        info: "Rad 5, sete 7–8",
        seats: [
          { row: 5, seats: [7, 8] },
          { row: "6", seats: "1" },
        ],
      },
    });
    expect(toMemberTicket({}).seatsInfo).toEqual({ info: null, seats: [] });
  });

  it("names the events site 'site' + first partner id + 'a', and keeps the paging and storage constants of spec 9", () => {
    expect(memberEventsSite([178])).toBe("site178a");
    expect(memberEventsSite([118, 178])).toBe("site118a");
    expect(() => memberEventsSite([])).toThrow();
    expect(REVIEWS_PAGE).toEqual({ skip: 0, take: 20 });
    expect(WATCHLIST_PAGE).toEqual({ skip: 0, take: 10 });
    expect(TICKETS_PAGE).toEqual({ skip: 0, take: 10 });
    expect([PROFILE_STORAGE_KEY, LEGACY_PROFILE_STORAGE_KEY]).toEqual(["cw-profile-new", "cw-profile"]);
  });

  it.each(["118", "178"])(
    "partner %s configures the member-service paths of spec 7.1, kanal 'dxf' and stable '1'",
    (id) => {
      const config = JSON.parse(readFileSync(`partners/${id}/partner.json`, "utf8"));
      const fill = (key: string, params: Record<string, string | number>) =>
        (config.memberService.endpoints[key] as string).replace(/:([a-zA-Z]+)/g, (_: string, name: string) =>
          String(params[name]),
        );
      expect(fill("switchTokensDx", {})).toBe("api/SwitchTokensDx");
      expect(fill("login", {})).toBe("api/LoginDx");
      expect(fill("forgotPassword", {})).toBe("api/ForgotPasswordDx");
      expect(fill("movieInfo", { edi: "DXM20031500" })).toBe("api/GetMovieByEdiDx?edi=DXM20031500");
      expect(fill("reviews", { edi: "DXM20031500", ...REVIEWS_PAGE })).toBe(
        "api/GetReviewsByEdiDx?edi=DXM20031500&skip=0&take=20",
      );
      expect(fill("tickets", TICKETS_PAGE)).toBe("api/GetTicketsDx?skip=0&take=10");
      expect(fill("watchlist", WATCHLIST_PAGE)).toBe("api/GetWatchlistDx?skip=0&take=10");
      expect(fill("addMovieToWatchList", {})).toBe("api/AddToWatchlistDx");
      expect(fill("events", { site: memberEventsSite(config.partners) })).toBe(`api/events/site${id}a`);
      expect(config.ticketing.channel).toBe("dxf");
      expect(config.ticketing.loginPath).toMatch(/^v3\/[^/]+\/auth\/login$/);
      expect(config.managementApi.stable).toBe("1");
    },
  );
});
