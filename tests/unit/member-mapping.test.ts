import { describe, expect, it } from "vitest";
import { toMemberTicket, toMovieInfo, toReview } from "../../src/model/member.js";

describe("member field mapping (spec 3.1)", () => {
  it("maps MovieInfo from the capitalised server fields", () => {
    expect(
      toMovieInfo({ Title: "Dune", MovieId: 42, Edis: ["DXM12345678"], Rating: 4.5, RatingCount: 12, Poster: "https://img/p.jpg", link: "/dune" }),
    ).toEqual({ title: "Dune", movieId: 42, edis: ["DXM12345678"], rating: 4.5, ratingCount: 12, poster: "https://img/p.jpg", link: "/dune" });
  });

  it("maps a Review, missing fields becoming null", () => {
    expect(
      toReview({ Id: 7, Comment: "Flott!", Rating: 5, AddedAt: "2026-11-01T10:00:00", LikesCount: 3, MovieId: 42, UserId: "u1", UserName: "Kari", Image: null, IsLiked: true }),
    ).toEqual({ id: 7, comment: "Flott!", rating: 5, addedAt: "2026-11-01T10:00:00", likesCount: 3, movieId: 42, userId: "u1", userName: "Kari", image: null, isLiked: true });
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
      SeatsInfo: { Info: "Rad 5, sete 7–8", Seats: [{ Row: 5, Seats: [7, 8] }, { Row: "6", Seats: "1" }] },
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
      seatsInfo: { info: "Rad 5, sete 7–8", seats: [{ row: 5, seats: [7, 8] }, { row: "6", seats: "1" }] },
    });
    expect(toMemberTicket({}).seatsInfo).toEqual({ info: null, seats: [] });
  });
});
