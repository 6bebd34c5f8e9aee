package ascalion
