/** Word lists the generator composes Norwegian content from. */
export const FILM_TITLE_PARTS = {
  first: ["Nattens", "Sommerens", "Den siste", "Fjellets", "Havets", "Byens", "Vinterens", "Stjernenes", "Skogens", "Lysets", "Ulvens", "Drømmenes", "Stormens", "Nordlysets", "Månens", "Tidens"],
  second: ["hemmelighet", "vokter", "reise", "sang", "datter", "løfte", "hjerte", "grense", "skygge", "ekko", "øy", "båt", "kjærlighet", "flukt", "skatt", "arv"],
  international: ["Midnight Run", "The Glass Harbor", "Echoes of Tomorrow", "Northern Lights", "The Last Summer", "Silver Lining", "Paper Planes", "Wild Horses", "Ocean Avenue", "The Quiet Hours", "Blue Velvet Sky", "Iron Garden", "Starfall", "City of Kites", "The Long Road Home", "Snowbound"],
  family: ["Knerten og", "Mummi og", "Dragen", "Pelle Politibil og", "Reven", "Skattejakten på", "Bamse og", "Trollet fra"],
  familyEnd: ["sommerferien", "den store festen", "Bjørnøya", "regnbuen", "Tusseladd", "julestjerna", "skogen", "havet"],
};

export const GENRES = ["Drama", "Komedie", "Thriller", "Action", "Familie", "Animasjon", "Dokumentar", "Grøsser", "Romantikk", "Eventyr"];
export const COUNTRIES = ["Norge", "Sverige", "Danmark", "USA", "Storbritannia", "Frankrike", "Tyskland", "Polen", "Finland", "Island"];
export const FIRST_NAMES = ["Ingrid", "Ola", "Kari", "Aksel", "Sofie", "Henrik", "Maren", "Jonas", "Tuva", "Emil", "Liv", "Sindre", "Nora", "Mathias", "Anna", "Jakob", "Ida", "Tobias", "Hedda", "Eirik"];
export const LAST_NAMES = ["Hansen", "Johansen", "Olsen", "Larsen", "Andersen", "Pedersen", "Nilsen", "Kristiansen", "Berg", "Haugen", "Dahl", "Lie", "Moe", "Strand", "Bakken", "Eriksen", "Solberg", "Nygård"];

export const CULTURE_KINDS = [
  { objectClass: "concert", classTitle: "Konsert", titles: ["Jazzkveld med", "Visekonsert med", "Julekonsert med", "Kammermusikk med", "Akustisk kveld med"] },
  { objectClass: "standup", classTitle: "Standup", titles: ["Standup:", "Humorkveld med", "Latterkveld med"] },
  { objectClass: "theatre", classTitle: "Teater", titles: ["Teater:", "Forestilling:", "Barneteater:"] },
  { objectClass: "talk", classTitle: "Foredrag", titles: ["Foredrag:", "Filmprat med", "Samtale med"] },
];

export const SUMMARIES = [
  "En varm og rørende historie om vennskap, tap og håp.",
  "Et spennende drama som holder deg på kanten av setet til siste minutt.",
  "En morsom og hjertevarm film for hele familien.",
  "En visuelt storslått reise gjennom et landskap du aldri glemmer.",
  "En skarp og vittig komedie om familieliv og gamle hemmeligheter.",
  "En nervepirrende thriller der ingenting er som det ser ut.",
  "En prisbelønt fortelling om mot og samhold i vanskelige tider.",
  "Et poetisk portrett av en by og menneskene som bor der.",
];
