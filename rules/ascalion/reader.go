package ascalion

// maxMenu is the most options a Discord select menu holds; larger pickers split by region.
const maxMenu = 25
