/**
 * The demo cup's 32 national teams in 8 groups of 4, each with a strength (1-5, drives the simulated scores)
 * and three well-known players who score the goals.
 */
interface DemoTeam { fifa: string; strength: number; players: [string, string, string] }

export const DEMO_GROUPS: readonly { name: string; teams: readonly DemoTeam[] }[] = [
  { name: 'Group A', teams: [
    { fifa: 'ESP', strength: 5, players: ['Lamine Yamal', 'Mikel Oyarzabal', 'Pedri'] },
    { fifa: 'CRO', strength: 4, players: ['Luka Modrić', 'Andrej Kramarić', 'Ivan Perišić'] },
    { fifa: 'JPN', strength: 3, players: ['Kaoru Mitoma', 'Takefusa Kubo', 'Ayase Ueda'] },
    { fifa: 'GHA', strength: 2, players: ['Mohammed Kudus', 'Jordan Ayew', 'Antoine Semenyo'] },
  ] },
  { name: 'Group B', teams: [
    { fifa: 'ARG', strength: 5, players: ['Lionel Messi', 'Lautaro Martínez', 'Julián Álvarez'] },
    { fifa: 'DEN', strength: 3, players: ['Rasmus Højlund', 'Christian Eriksen', 'Jonas Wind'] },
    { fifa: 'KOR', strength: 3, players: ['Son Heung-min', 'Lee Kang-in', 'Hwang Hee-chan'] },
    { fifa: 'CAN', strength: 2, players: ['Jonathan David', 'Alphonso Davies', 'Cyle Larin'] },
  ] },
  { name: 'Group C', teams: [
    { fifa: 'FRA', strength: 5, players: ['Kylian Mbappé', 'Ousmane Dembélé', 'Michael Olise'] },
    { fifa: 'URU', strength: 4, players: ['Darwin Núñez', 'Federico Valverde', 'Facundo Pellistri'] },
    { fifa: 'MAR', strength: 4, players: ['Brahim Díaz', 'Youssef En-Nesyri', 'Achraf Hakimi'] },
    { fifa: 'AUS', strength: 2, players: ['Mitchell Duke', 'Jackson Irvine', 'Martin Boyle'] },
  ] },
  { name: 'Group D', teams: [
    { fifa: 'BRA', strength: 5, players: ['Vinícius Júnior', 'Raphinha', 'Rodrygo'] },
    { fifa: 'SUI', strength: 3, players: ['Breel Embolo', 'Granit Xhaka', 'Dan Ndoye'] },
    { fifa: 'SEN', strength: 3, players: ['Sadio Mané', 'Nicolas Jackson', 'Ismaïla Sarr'] },
    { fifa: 'KSA', strength: 1, players: ['Salem Al-Dawsari', 'Firas Al-Buraikan', 'Saleh Al-Shehri'] },
  ] },
  { name: 'Group E', teams: [
    { fifa: 'ENG', strength: 5, players: ['Harry Kane', 'Jude Bellingham', 'Bukayo Saka'] },
    { fifa: 'COL', strength: 4, players: ['Luis Díaz', 'James Rodríguez', 'Jhon Durán'] },
    { fifa: 'USA', strength: 3, players: ['Christian Pulisic', 'Folarin Balogun', 'Weston McKennie'] },
    { fifa: 'EGY', strength: 2, players: ['Mohamed Salah', 'Omar Marmoush', 'Mostafa Mohamed'] },
  ] },
  { name: 'Group F', teams: [
    { fifa: 'POR', strength: 5, players: ['Cristiano Ronaldo', 'Bruno Fernandes', 'Rafael Leão'] },
    { fifa: 'MEX', strength: 3, players: ['Santiago Giménez', 'Raúl Jiménez', 'Hirving Lozano'] },
    { fifa: 'NOR', strength: 4, players: ['Erling Haaland', 'Alexander Sørloth', 'Martin Ødegaard'] },
    { fifa: 'IRN', strength: 2, players: ['Mehdi Taremi', 'Sardar Azmoun', 'Alireza Jahanbakhsh'] },
  ] },
  { name: 'Group G', teams: [
    { fifa: 'GER', strength: 5, players: ['Florian Wirtz', 'Jamal Musiala', 'Kai Havertz'] },
    { fifa: 'ITA', strength: 4, players: ['Mateo Retegui', 'Moise Kean', 'Nicolò Barella'] },
    { fifa: 'ECU', strength: 3, players: ['Enner Valencia', 'Kendry Páez', 'Moisés Caicedo'] },
    { fifa: 'QAT', strength: 1, players: ['Akram Afif', 'Almoez Ali', 'Hassan Al-Haydos'] },
  ] },
  { name: 'Group H', teams: [
    { fifa: 'NED', strength: 4, players: ['Cody Gakpo', 'Memphis Depay', 'Xavi Simons'] },
    { fifa: 'BEL', strength: 4, players: ['Romelu Lukaku', 'Kevin De Bruyne', 'Jérémy Doku'] },
    { fifa: 'NGA', strength: 3, players: ['Victor Osimhen', 'Ademola Lookman', 'Samuel Chukwueze'] },
    { fifa: 'PAR', strength: 2, players: ['Miguel Almirón', 'Julio Enciso', 'Antonio Sanabria'] },
  ] },
];

export const DEMO_TEAMS: readonly DemoTeam[] = DEMO_GROUPS.flatMap((g) => g.teams);
